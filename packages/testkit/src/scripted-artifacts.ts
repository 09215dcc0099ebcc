import type { ScriptedReply } from './openai-types.js';

/**
 * `[[artifact:KIND]]`: a reply that writes one artifact (LibreChat's `:::artifact{...}` block) in
 * a second or so; `[[artifact-slow:KIND]]` takes 3-6 s and then holds 10 s before its closing fence, so that a test can watch its preview grow
 * while it is written. Each artifact's code is valid at every line it has reached (the React one
 * ends in comment lines), so its preview can render before the artifact is finished.
 */
export interface ScriptedArtifact {
  identifier: string;
  type: string;
  title: string;
  /** The code block's language. */
  language: string;
  code: string;
  /** A text the rendered preview shows. */
  shows: string;
}

const reportItems = (count: number) =>
  Array.from({ length: count }, (_, i) => `    <li>Week ${i + 1}: ${12 + i * 3} new teams</li>`);

const html = (heading: string, items: number) =>
  [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '  <meta charset="utf-8">',
    '  <style>body { font-family: system-ui, sans-serif; margin: 24px; color: #1f2937; } li { margin: 4px 0; }</style>',
    '</head>',
    '<body>',
    `  <h1>${heading}</h1>`,
    '  <ul>',
    ...reportItems(items),
    '  </ul>',
    '</body>',
    '</html>',
  ].join('\n');

export const SCRIPTED_ARTIFACTS = {
  html: {
    identifier: 'report',
    type: 'text/html',
    title: 'Quarterly report',
    language: 'html',
    code: html('Quarterly report', 14),
    shows: 'Quarterly report',
  },
  /** A second version of `html`: the same identifier, later in the conversation. */
  'html-v2': {
    identifier: 'report',
    type: 'text/html',
    title: 'Quarterly report',
    language: 'html',
    code: html('Quarterly report, revised', 3),
    shows: 'Quarterly report, revised',
  },
  svg: {
    identifier: 'badge',
    type: 'image/svg+xml',
    title: 'Confab badge',
    language: 'svg',
    code: [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160">',
      '  <rect width="320" height="160" rx="20" fill="#0f766e"/>',
      '  <text x="160" y="92" text-anchor="middle" font-family="sans-serif" font-size="36" fill="#ffffff">Confab badge</text>',
      ...Array.from(
        { length: 10 },
        (_, i) =>
          `  <circle cx="${20 + i * 18}" cy="140" r="5" fill="#99f6e4" opacity="${(0.3 + i * 0.04).toFixed(2)}"/>`,
      ),
      '</svg>',
    ].join('\n'),
    shows: 'Confab badge',
  },
  mermaid: {
    identifier: 'signup-flow',
    type: 'application/vnd.mermaid',
    title: 'Sign-up flow',
    language: 'mermaid',
    code: [
      'flowchart TD',
      '  A[Visit the site from a link a colleague shared] --> B[Sign up]',
      '  B --> C[Confirm the email address with the code that arrives]',
      '  C --> D[Pick a plan that fits the size of the team]',
      '  D --> E[Invite the team by email or with a shared link]',
      '  E --> F[Start the first chat with the default model]',
      '  F --> G[Share a conversation with the rest of the team]',
      '  G --> H[Build an agent with tools and instructions]',
      '  H --> I[Save a prompt to the library for later]',
      '  I --> J[Export the conversations as Markdown]',
    ].join('\n'),
    shows: 'Sign up',
  },
  react: {
    identifier: 'counter',
    type: 'application/vnd.react',
    title: 'Click counter',
    language: 'tsx',
    code: [
      "import { useState } from 'react';",
      "import { Button } from '@/components/ui/button';",
      "import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';",
      '',
      'export default function App() {',
      '  const [count, setCount] = useState(0);',
      '  return (',
      '    <div className="flex min-h-screen items-center justify-center p-6">',
      '      <Card className="w-72">',
      '        <CardHeader>',
      '          <CardTitle>Click counter</CardTitle>',
      '        </CardHeader>',
      '        <CardContent className="flex items-center justify-between">',
      '          <span>Clicks: {count}</span>',
      '          <Button onClick={() => setCount(count + 1)}>Add one</Button>',
      '        </CardContent>',
      '      </Card>',
      '    </div>',
      '  );',
      '}',
      '',
      ...Array.from({ length: 6 }, (_, i) => `// Note ${i + 1}: the count starts at zero and grows by one per click.`),
    ].join('\n'),
    shows: 'Clicks: 0',
  },
  /** A React artifact that does not compile: line 6 is cut short. */
  'react-broken': {
    identifier: 'broken-widget',
    type: 'application/vnd.react',
    title: 'Broken widget',
    language: 'tsx',
    code: [
      "import { useState } from 'react';",
      '',
      'export default function App() {',
      '  const [open, setOpen] = useState(false);',
      '  return (',
      '    <div className="p-6" onClick={() => setOpen(!open)}>{open ? "Open" : "Closed"</div>',
      '  );',
      '}',
    ].join('\n'),
    shows: '',
  },
} satisfies Record<string, ScriptedArtifact>;

export type ScriptedArtifactKind = keyof typeof SCRIPTED_ARTIFACTS;

/** The reply text of `[[artifact:KIND]]`: a line, the artifact, a closing line. */
export function artifactReplyText(kind: ScriptedArtifactKind): string {
  const a: ScriptedArtifact = SCRIPTED_ARTIFACTS[kind];
  return [
    `Here is the ${a.title.toLowerCase()}.`,
    '',
    `:::artifact{identifier="${a.identifier}" type="${a.type}" title="${a.title}"}`,
    `\`\`\`${a.language}`,
    a.code,
    '```',
    ':::',
    '',
    'Open it in the panel to see it run.',
  ].join('\n');
}

/** `[[artifact:KIND]]` (or, `isSlow`, `[[artifact-slow:KIND]]`); null for a kind that does not exist. */
export function artifactReply(kind: string, isSlow = false): ScriptedReply | null {
  if (!Object.hasOwn(SCRIPTED_ARTIFACTS, kind)) return null;
  const text = artifactReplyText(kind as ScriptedArtifactKind);
  if (!isSlow) return { text, chunkSize: 24, delayMs: 20 };
  // The slow one holds for 10 s before its closing fence: all its code has streamed and the
  // artifact is still being written, so a test sees its preview while it streams, however busy
  // the machine.
  return { text, chunkSize: 8, delayMs: 40, pauseAt: { textIndex: text.lastIndexOf('\n```'), ms: 10_000 } };
}
