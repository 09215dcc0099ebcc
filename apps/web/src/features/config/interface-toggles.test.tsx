import { PERMISSION_FEATURES } from '@confab/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAgentPermissions } from '../agents/use-agent-permissions';
import { useAuthStore } from '../auth/auth-store';
import { useCanUseBookmarks } from '../bookmarks/use-bookmarks';
import { chatKeys } from '../chat/api/chat-queries';
import { useCanMultiConvo } from '../chat/multi-convo/use-can-multi-convo';
import { useTemporaryChat } from '../chat/temporary/use-temporary-chat';
import { useCanRunCode } from '../code-run/code-run-queries';
import { useSidePanelEnabled } from '../layout/use-side-panel-enabled';
import { useParametersEnabled } from '../parameters/use-parameters-enabled';
import { usePresetsEnabled } from '../presets/use-presets';
import { usePromptPermissions } from '../prompts/prompt-queries';
import { startupConfigQueryKey } from './use-startup-config';

/**
 * SPEC 6's interface toggles, each on and off, through the hooks every control of the web reads
 * (the model selector's endpointsMenu and presets are covered in selector-options.test.ts).
 */
const TOGGLES = ['sidePanel', 'parameters', 'multiConvo', 'bookmarks', 'presets', 'prompts', 'agents', 'temporaryChat', 'runCode'] as const;
type Toggle = (typeof TOGGLES)[number];

const allGranted = Object.fromEntries(
  PERMISSION_FEATURES.map((feature) => [feature, { USE: true, CREATE: true, SHARED_GLOBAL: true }]),
);

function Probe() {
  const agents = useAgentPermissions();
  const shown: Record<string, boolean> = {
    sidePanel: useSidePanelEnabled(),
    parameters: useParametersEnabled(),
    multiConvo: useCanMultiConvo(),
    bookmarks: useCanUseBookmarks(),
    presets: usePresetsEnabled(),
    prompts: usePromptPermissions().canUse,
    agents: agents.canUse,
    agentBuilder: agents.canCreate,
    temporaryChat: useTemporaryChat(null, undefined).canUse,
    runCode: useCanRunCode(),
  };
  return <pre>{JSON.stringify(shown)}</pre>;
}

function shownWith(ui: Partial<Record<Toggle, boolean>>): Record<string, boolean> {
  const client = new QueryClient();
  client.setQueryData(startupConfigQueryKey, { interface: ui });
  client.setQueryData(['roles', 'USER'], { name: 'USER', permissions: allGranted });
  client.setQueryData(chatKeys.endpoints, { agents: { disableBuilder: false } });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return JSON.parse(html.replace(/^<pre>|<\/pre>$/g, '').replaceAll('&quot;', '"')) as Record<string, boolean>;
}

describe('interface toggles', () => {
  beforeEach(() => {
    useAuthStore.setState({
      user: { id: 'u1', role: 'USER', email: 'u@example.com' } as never,
      status: 'authenticated',
    });
  });
  afterEach(() => useAuthStore.setState({ user: null, status: 'loading' }));

  it('shows every control when the config leaves the toggles on (their default)', () => {
    const shown = shownWith({});
    expect(Object.values(shown).every(Boolean), JSON.stringify(shown)).toBe(true);
    expect(Object.values(shownWith(Object.fromEntries(TOGGLES.map((t) => [t, true]))))).not.toContain(false);
  });

  it.each(TOGGLES)('hides what %s turns off, and nothing else', (toggle) => {
    const shown = shownWith({ [toggle]: false });
    // The side panel holds the parameters and the agent builder; the agents toggle takes the builder too.
    const gone: Record<Toggle, string[]> = {
      sidePanel: ['sidePanel', 'parameters', 'agentBuilder'],
      parameters: ['parameters'],
      multiConvo: ['multiConvo'],
      bookmarks: ['bookmarks'],
      presets: ['presets'],
      prompts: ['prompts'],
      agents: ['agents', 'agentBuilder'],
      temporaryChat: ['temporaryChat'],
      runCode: ['runCode'],
    };
    const hidden = Object.entries(shown)
      .filter(([, isShown]) => !isShown)
      .map(([name]) => name);
    expect(hidden.sort()).toEqual([...gone[toggle]].sort());
  });
});
