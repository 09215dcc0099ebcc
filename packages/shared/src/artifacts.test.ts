import { describe, expect, it } from 'vitest';
import { artifactId, artifactTextsOf, parseArtifactAttributes, readArtifacts } from './artifacts.js';

const page = [
  'Here it is:',
  ':::artifact{identifier="page" type="text/html" title="My Page"}',
  '```html',
  '<h1>Hi</h1>',
  '```',
  ':::',
  'Done.',
].join('\n');

describe('readArtifacts', () => {
  it('reads the attributes and the code of a finished artifact', () => {
    const [block] = readArtifacts(page);
    expect(block).toMatchObject({
      identifier: 'page',
      type: 'text/html',
      title: 'My Page',
      content: '<h1>Hi</h1>',
      isClosed: true,
    });
    expect(page.slice(block!.start, block!.end)).toMatch(/^:::artifact[\s\S]*:::$/);
  });

  it('gives SPEC 3 defaults for what the directive leaves out', () => {
    const [block] = readArtifacts(':::artifact\n```\nx\n```\n:::');
    expect(block).toMatchObject({ identifier: 'no-identifier', type: 'unknown', title: 'Untitled Artifact' });
  });

  it('reads an artifact still streaming in, without a closing fence half typed', () => {
    const partial = page.slice(0, page.indexOf('```\n:::') + 2);
    const [block] = readArtifacts(partial);
    expect(block).toMatchObject({ isClosed: false, content: '<h1>Hi</h1>' });
    expect(readArtifacts(':::artifact{identifier="a" title="Half')[0]).toMatchObject({
      identifier: 'a',
      title: 'Untitled Artifact',
      content: '',
    });
  });

  it('keeps :::artifact shown inside a code block as text', () => {
    expect(readArtifacts('```md\n:::artifact{identifier="x"}\n```')).toEqual([]);
  });
});

describe('parseArtifactAttributes', () => {
  it('reads double-quoted, single-quoted and bare values', () => {
    expect(parseArtifactAttributes(`:::artifact{identifier=a type='image/svg+xml' title="A  b "}`)).toEqual({
      identifier: 'a',
      type: 'image/svg+xml',
      title: 'A  b',
    });
  });
});

describe('artifactId', () => {
  it('joins identifier, type, title and message id, lower-cased, spaces as underscores', () => {
    expect(artifactId({ identifier: 'App', type: 'text/html', title: 'My  Nice App', messageId: 'M-1' })).toBe(
      'app_text/html_my_nice_app_m-1',
    );
  });
});

describe('artifactTextsOf', () => {
  it('counts over the text parts when there are any, else the text', () => {
    expect(
      artifactTextsOf({
        text: 'joined',
        content: [
          { type: 'think', think: 'hm' },
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toEqual(['a', 'b']);
    expect(artifactTextsOf({ text: 'only', content: null })).toEqual(['only']);
  });
});
