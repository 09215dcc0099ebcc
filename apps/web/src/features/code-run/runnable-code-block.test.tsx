import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import codeRun from '../../locales/en-US/code-run.json';
import { Markdown } from '../chat/markdown/markdown';
import { loadAllMarkdownExtras } from '../chat/markdown/markdown-extras';
import { CodeRunScopeContext, type CodeRunScope } from './code-run-scope';
import type { CodeRunRecord } from './code-run-result';

beforeAll(loadAllMarkdownExtras);
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'code-run': codeRun } },
    showSupportNotice: false,
  });
});

// The server's answers (role, tool auth, kept runs) and the run itself are stubbed: this is about
// which blocks offer Run and what shows under them.
const server = vi.hoisted(() => ({
  canRun: true,
  auth: { authenticated: true, message: 'system_defined' } as { authenticated: boolean; message: string },
  runs: new Map<string, CodeRunRecord[]>(),
}));
vi.mock('./code-run-queries', () => ({
  useCanRunCode: () => server.canRun,
  useCodeToolAuth: () => ({ data: server.auth }),
  useCodeRuns: () => server.runs,
}));
vi.mock('./use-run-code', () => ({
  useRunCode: () => ({
    run: () => undefined,
    isRunning: false,
    keyDialog: { isOpen: false, pending: null, notice: null, isUserProvided: false },
    openKeyDialog: () => undefined,
    setKeyDialogOpen: () => undefined,
    onKeyInstalled: () => undefined,
  }),
}));

const REPLY = ['Try:', '', '```python', 'print(6 * 7)', '```', '', '```html', '<b>hi</b>', '```'].join('\n');
const scope = (overrides: Partial<CodeRunScope> = {}): CodeRunScope => ({
  messageId: 'm1',
  conversationId: 'c1',
  partIndex: 0,
  partText: REPLY,
  isStreaming: false,
  ...overrides,
});
const render = (value: CodeRunScope | null) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <CodeRunScopeContext value={value}>
        <Markdown content={REPLY} />
      </CodeRunScopeContext>
    </I18nextProvider>,
  );
const runButtons = (html: string) => html.match(/data-testid="run-code"/g)?.length ?? 0;

beforeEach(() => {
  server.canRun = true;
  server.auth = { authenticated: true, message: 'system_defined' };
  server.runs = new Map();
});

describe('RunnableCodeBlock', () => {
  it('offers Run on a finished reply, on runnable languages only', () => {
    const html = render(scope());
    expect(runButtons(html)).toBe(1);
    expect(html).toContain('aria-label="Run code"');
  });

  it('offers no Run while the reply streams, without RUN_CODE, or outside a reply', () => {
    expect(runButtons(render(scope({ isStreaming: true })))).toBe(0);
    server.canRun = false;
    expect(runButtons(render(scope()))).toBe(0);
    server.canRun = true;
    expect(runButtons(render(null))).toBe(0);
  });

  it("shows the block's kept run under it: output, errors and the limit that stopped it", () => {
    server.runs = new Map([
      [
        'm1_0_0_execute_code',
        [
          {
            messageId: 'm1',
            result: 'stdout:\n42\n\nstderr:\nwarning\n\nStopped: the run went over its wall time limit.',
          },
        ],
      ],
    ]);
    const html = render(scope());
    expect(html).toContain('data-testid="code-run-stdout">42</pre>');
    expect(html).toContain('warning</pre>');
    expect(html).toContain('Stopped: it reached the time limit');
    // The html block (index 1) has no runs of its own.
    expect(html.match(/data-testid="code-run-output"/g)).toHaveLength(1);
  });
});
