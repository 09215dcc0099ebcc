import { ARTIFACT_DEFAULTS, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { artifactFileName, artifactMimeType, kindOf } from './artifact-kinds';
import { splitArtifactSegments } from './artifact-segments';
import { closePartialSvg } from './partial-svg';
import { conversationArtifacts, findArtifact, messageArtifacts, versionsOf } from './conversation-artifacts';

const artifact = (identifier: string, title: string, code: string) =>
  [`:::artifact{identifier="${identifier}" type="text/html" title="${title}"}`, '```html', code, '```', ':::'].join(
    '\n',
  );

const reply = (messageId: string, text: string, content?: Message['content']) => ({
  messageId,
  text,
  content,
  isCreatedByUser: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('splitArtifactSegments', () => {
  it('cuts a text into markdown and artifact segments', () => {
    const text = `Intro\n\n${artifact('a', 'A', '<p>1</p>')}\n\nOutro`;
    const segments = splitArtifactSegments(text);
    expect(segments?.map((s) => s.type)).toEqual(['markdown', 'artifact', 'markdown']);
    expect(segments?.[1]).toMatchObject({ block: { identifier: 'a', content: '<p>1</p>' } });
  });

  it('answers null for a text without artifacts', () => {
    expect(splitArtifactSegments('Just text with ::: in it')).toBeNull();
  });

  it('holds back `:::artifact` being typed at the end of a streaming text', () => {
    expect(splitArtifactSegments('Intro\n:::art', true)).toEqual([{ type: 'markdown', text: 'Intro\n' }]);
    expect(splitArtifactSegments('Intro\n:::art', false)).toBeNull();
    expect(splitArtifactSegments('Intro\n:::artifact{identifier="a" ti', true)).toEqual([
      { type: 'markdown', text: 'Intro\n' },
    ]);
  });

  it('shows an artifact still streaming as a segment that is not closed', () => {
    const segments = splitArtifactSegments('Intro\n:::artifact{identifier="x" title="X"}\n```html\n<h1>', true);
    expect(segments?.[1]).toMatchObject({ type: 'artifact', block: { isClosed: false, content: '<h1>' } });
  });
});

describe('conversationArtifacts', () => {
  it('numbers the artifacts of a message across its text parts, with the SPEC 3 id', () => {
    const list = conversationArtifacts([
      reply('M1', '', [
        { type: 'text', text: artifact('a', 'First', '1') },
        { type: 'think', think: 'hm' },
        { type: 'text', text: artifact('b', 'Second', '2') },
      ]),
    ]);
    expect(list.map((a) => [a.index, a.id])).toEqual([
      [0, 'a_text/html_first_m1'],
      [1, 'b_text/html_second_m1'],
    ]);
  });

  it('leaves out, in a streaming reply, an artifact whose opening line is not finished', () => {
    const message = reply('M1', `${artifact('a', 'A', '1')}\n:::artifact{identifier="b" title="B`);
    expect(messageArtifacts(message).map((a) => a.identifier)).toEqual(['a', 'b']);
    expect(messageArtifacts(message, Date.now()).map((a) => a.identifier)).toEqual(['a']);
  });

  it('skips the messages people wrote', () => {
    expect(conversationArtifacts([{ ...reply('U', artifact('a', 'A', '1')), isCreatedByUser: true }])).toEqual([]);
  });

  it('groups the versions of one identifier, oldest first', () => {
    const list = conversationArtifacts([
      reply('M1', artifact('page', 'Page', 'v1')),
      reply('M2', artifact('other', 'Other', 'x')),
      reply('M3', artifact('page', 'Page', 'v2')),
    ]);
    const latest = findArtifact(list, { messageId: 'M3', index: 0 });
    expect(versionsOf(list, latest!).map((a) => a.content)).toEqual(['v1', 'v2']);
  });

  it('never groups artifacts that have no identifier', () => {
    const bare = ':::artifact{title="T"}\n```\nx\n```\n:::';
    const list = conversationArtifacts([reply('M1', bare), reply('M2', bare)]);
    expect(list[0]?.identifier).toBe(ARTIFACT_DEFAULTS.identifier);
    expect(versionsOf(list, list[1]!)).toHaveLength(1);
  });
});

describe('artifact files', () => {
  it('names the download after the title with the extension of its type', () => {
    expect(artifactFileName('My Chart: Q3!', 'application/vnd.react')).toBe('my-chart-q3.tsx');
    expect(artifactFileName('Flow', 'application/vnd.mermaid')).toBe('flow.mmd');
    expect(artifactFileName('Logo', 'image/svg+xml')).toBe('logo.svg');
    expect(artifactFileName('???', 'text/html')).toBe('artifact.html');
    expect(artifactMimeType('image/svg+xml')).toBe('image/svg+xml;charset=utf-8');
    expect(kindOf('application/vnd.code-html')).toBe('html');
  });
});

describe('closePartialSvg', () => {
  it('cuts an SVG streaming in after its last tag and closes what is open', () => {
    expect(closePartialSvg('<svg viewBox="0 0 1 1"><g><rect width="1"/><circ')).toBe(
      '<svg viewBox="0 0 1 1"><g><rect width="1"/></g></svg>',
    );
    expect(closePartialSvg('<svg>\n  <text x="1">Hel')).toBe('<svg>\n  <text x="1"></text></svg>');
    expect(closePartialSvg('<svg><g></g></svg>')).toBe('<svg><g></g></svg>');
    expect(closePartialSvg('no svg yet')).toBe('no svg yet');
  });
});
