import { expect, test, type FrameLocator } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { blockOutsideHosts } from '../pages/artifacts';
import { mountArtifactFrame, renderArtifact } from '../support/artifact-frame-harness';
import { SAMPLE_HTML, SAMPLE_MERMAID, SAMPLE_REACT, SAMPLE_SVG } from '../support/artifact-samples';

/**
 * The artifact preview runtime (issue 38) on its own: the server's frame page in a sandboxed
 * iframe, driven by postMessage as the app's ArtifactFrame drives it, with every outside host
 * refused. The in-chat flow (cards, panel, versions, editing) is artifacts.spec.ts.
 */

/** Each probe is something the app's own page may do and an artifact must not. */
const PROBES = `
  const results = {};
  const attempt = (name, run) => {
    try { results[name] = 'allowed: ' + String(run()).slice(0, 60); }
    catch (error) { results[name] = 'blocked: ' + error.name; }
  };
  attempt('parent', () => parent.document.title);
  attempt('cookie', () => document.cookie);
  attempt('storage', () => localStorage.getItem('confab'));
  attempt('top', () => { top.location.href = 'https://example.com/pwned'; return 'navigated'; });
  const fetched = fetch('/api/user', { credentials: 'include' }).then(
    (response) => 'allowed: ' + response.status,
    (error) => 'blocked: ' + error.name,
  );
`;

const HOSTILE_REACT = `import { useEffect, useState } from 'react';

export default function Hostile() {
  const [shown, setShown] = useState<Record<string, string>>({});
  useEffect(() => {
    ${PROBES}
    fetched.then((result) => setShown({ ...results, fetch: result }));
  }, []);
  return <ul>{Object.entries(shown).map(([name, result]) => <li key={name} id={'probe-' + name}>{result}</li>)}</ul>;
}`;

const HOSTILE_HTML = `<!doctype html><html><body><ul id="probes"></ul>
<form id="leak" action="/api/convos" method="post"><input name="x" value="1"></form><script>
  ${PROBES}
  fetched.then((result) => {
    results.fetch = result;
    for (const [name, value] of Object.entries(results)) {
      const item = document.createElement('li');
      item.id = 'probe-' + name;
      item.textContent = value;
      probes.append(item);
    }
    // A form sends nothing either (form-action 'none'): the page stays.
    document.getElementById('leak').submit();
  });
</script></body></html>`;

let outsideRequests: string[] = [];

test.beforeEach(async ({ page, context }) => {
  outsideRequests = await blockOutsideHosts(context);
  await registerViaApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('textbox').first()).toBeVisible();
});

test.afterEach(() => {
  // Nothing an artifact renders may need an outside host (the CDN Tailwind tag is served locally).
  expect(outsideRequests).toEqual([]);
});

test('HTML, SVG, Mermaid and a React + shadcn/ui + recharts + lucide component render in the frame', async ({
  page,
}) => {
  const frame = await mountArtifactFrame(page);

  expect(await renderArtifact(page, 'text/html', SAMPLE_HTML)).toEqual({ type: 'rendered' });
  const html = frame.frameLocator('#artifact-html');
  await expect(html.locator('#greeting')).toHaveText('Hello from a script');
  await expect(html.locator('#greeting')).toHaveCSS('color', 'rgb(200, 0, 0)');
  await html.locator('#add').click();
  await expect(html.locator('#count')).toHaveText('1');
  await expect(html.locator('#styled')).toHaveCSS('font-weight', '700');

  expect(await renderArtifact(page, 'image/svg+xml', SAMPLE_SVG)).toEqual({ type: 'rendered' });
  await expect(frame.locator('#artifact-root svg #dot')).toHaveAttribute('fill', 'teal');
  await expect(frame.locator('#artifact-root svg text')).toHaveText('SVG ok');

  expect(await renderArtifact(page, 'application/vnd.mermaid', SAMPLE_MERMAID)).toEqual({ type: 'rendered' });
  const diagram = frame.locator('#artifact-root > svg');
  await expect(diagram).toContainText('Start');
  await expect(diagram).toContainText('Ship it');

  expect(await renderArtifact(page, 'application/vnd.react', SAMPLE_REACT)).toEqual({ type: 'rendered' });
  const root = frame.locator('#artifact-root');
  await expect(root.getByText('Weekly sales')).toBeVisible();
  await expect(root.locator('svg.lucide-rocket')).toBeVisible();
  await expect(root.locator('.recharts-bar-rectangle')).toHaveCount(3);
  const button = root.getByRole('button', { name: 'Clicked 0' });
  // Tailwind compiled shadcn's classes in the frame: the primary button is dark with light text.
  await expect(button).toHaveCSS('border-radius', /px$/);
  await expect(button).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await button.click();
  await expect(root.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  await root.getByRole('tab', { name: 'Two' }).click();
  await expect(root.getByText('Second tab')).toBeVisible();
  await expect(frame.locator('#artifact-error')).toBeHidden();
});

test('errors come back with their line and show in the frame; streaming keeps the last good render', async ({
  page,
}) => {
  const frame = await mountArtifactFrame(page);
  const broken = `import React from 'react';

export default function Broken() {
  const items = undefined as unknown as string[];
  return <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>;
}`;
  const thrown = await renderArtifact(page, 'application/vnd.react', broken);
  expect(thrown).toMatchObject({ type: 'error', line: 5 });
  await expect(frame.locator('#artifact-error')).toContainText('Line 5');
  await expect(frame.locator('#artifact-error')).toContainText(/map/);

  expect(
    await renderArtifact(
      page,
      'application/vnd.react',
      'const a = 1;\n\nexport default function X() {\n  return <div>;\n}',
    ),
  ).toMatchObject({
    type: 'error',
    line: 4,
  });
  expect(
    await renderArtifact(
      page,
      'application/vnd.react',
      "import React from 'react';\nimport * as THREE from 'three';\nexport default () => null;",
    ),
  ).toMatchObject({
    type: 'error',
    line: 2,
    message: expect.stringContaining("'three'"),
  });
  expect(
    await renderArtifact(
      page,
      'application/vnd.react',
      "import { Rocket,\n  SparkleWand } from 'lucide-react';\nexport default () => <Rocket />;",
    ),
  ).toMatchObject({
    type: 'error',
    line: 1,
    message: expect.stringContaining('SparkleWand'),
  });
  expect(await renderArtifact(page, 'application/vnd.mermaid', 'graph TD\n  A --> B\n  B --> ][')).toMatchObject({
    type: 'error',
    line: 3,
  });
  await expect(frame.locator('#artifact-error')).toBeVisible();

  // Live streaming: a good version, then half of the next one (fails, unreported), then the whole.
  const good = 'export default function Live() {\n  return <p id="live">first</p>;\n}';
  expect(await renderArtifact(page, 'application/vnd.react', good)).toEqual({ type: 'rendered' });
  await page.evaluate(() => {
    const frameElement = document.getElementById('artifact-harness') as HTMLIFrameElement;
    frameElement.contentWindow!.postMessage(
      {
        channel: 'confab-artifact',
        type: 'render',
        seq: 10_000,
        artifactType: 'application/vnd.react',
        content: 'export default function Live() {\n  return <p id="live">sec',
        streaming: true,
      },
      '*',
    );
  });
  await expect(frame.locator('#live')).toHaveText('first');
  await expect(frame.locator('#artifact-error')).toBeHidden();
  expect(await renderArtifact(page, 'application/vnd.react', good.replace('first', 'second'))).toEqual({
    type: 'rendered',
  });
  await expect(frame.locator('#live')).toHaveText('second');
});

async function expectContained(probes: FrameLocator) {
  await expect(probes.locator('#probe-parent')).toHaveText('blocked: SecurityError');
  await expect(probes.locator('#probe-cookie')).toHaveText('blocked: SecurityError');
  await expect(probes.locator('#probe-storage')).toHaveText('blocked: SecurityError');
  await expect(probes.locator('#probe-top')).toHaveText(/^blocked: /);
  await expect(probes.locator('#probe-fetch')).toHaveText('blocked: TypeError');
}

test('an artifact cannot reach the app: parent DOM, cookies, storage, the API as the user, top navigation', async ({
  page,
}) => {
  const appUrl = page.url();
  const appTitle = await page.title();
  await page.evaluate(() => localStorage.setItem('confab', 'secret'));
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.frame() !== page.mainFrame() && new URL(request.url()).pathname.startsWith('/api/'))
      apiCalls.push(request.url());
  });
  const frame = await mountArtifactFrame(page);

  expect(await renderArtifact(page, 'application/vnd.react', HOSTILE_REACT)).toEqual({ type: 'rendered' });
  await expectContained(frame);
  expect(await renderArtifact(page, 'text/html', HOSTILE_HTML)).toEqual({ type: 'rendered' });
  await expectContained(frame.frameLocator('#artifact-html'));

  // The app is as it was: same page and title, its storage untouched, no API call from the frame.
  expect(page.url()).toBe(appUrl);
  expect(await page.title()).toBe(appTitle);
  expect(await page.evaluate(() => localStorage.getItem('confab'))).toBe('secret');
  expect(apiCalls).toEqual([]);
  await expect(page.getByRole('textbox').first()).toBeAttached();
});
