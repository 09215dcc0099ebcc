import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import memeMedia from '../../../locales/en-US/meme-media.json';
import { Markdown } from './markdown';
import { loadAllMarkdownExtras } from './markdown-extras';

// Static rendering cannot wait for KaTeX and highlight.js, which the app loads on first use.
beforeAll(loadAllMarkdownExtras);
import { MAX_TAG_DEPTH } from './tagged-sections';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'meme-media': memeMedia } },
    showSupportNotice: false,
  });
});

const render = (content: string, { isStreaming = false, isUserText = false } = {}) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Markdown content={content} isStreaming={isStreaming} isUserText={isUserText} />
    </I18nextProvider>,
  );

/** The blocks rendered: tag, open or closed, and header label. */
const blocks = (html: string) =>
  [...html.matchAll(/data-tag="([^"]+)" data-state="(open|closed)" aria-label="([^"]+)"/g)].map(
    ([, tag, state, label]) => `${tag}:${state}:${label}`,
  );

const RAW_TAG =
  /<\/?(brain_storm|answers?|questions?|style|character|user-[a-z-]+|short(ed|en)-user-message)\b|&lt;\/?(brain_storm|answers?|questions?|style)/;

describe('Markdown with the tags of SPEC 9', () => {
  it('renders each tag as a labelled, collapsible block of markdown, never as a raw tag', () => {
    const reply = [
      'Here is my plan.',
      '<brain_storm>\n- a cat\n\n- a **dog**\n</brain_storm>',
      '<questions>\n1. Who is it for?\n2. Which *tone*?\n</questions>',
      '<answer>Short and **funny**.</answer>',
      '<user-language>English</user-language>',
      '<style>Bold captions</style> <character>A grumpy cat</character>',
      '<shorted-user-message>Cat meme</shorted-user-message><shorten-user-message>Cat meme</shorten-user-message>',
      '<user-answers-summary>Funny, for friends</user-answers-summary>',
    ].join('\n');
    const html = render(reply);
    expect(blocks(html)).toEqual([
      'brain_storm:closed:Brainstorm',
      'questions:open:Questions',
      'answer:open:Answer',
      'user-language:closed:Your language',
      'style:closed:Style',
      'character:closed:Character',
      'shorted-user-message:closed:Your request, in short',
      'shorten-user-message:closed:Your request, in short',
      'user-answers-summary:closed:Summary of your answers',
    ]);
    expect(html).toContain('<strong>dog</strong>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<em>tone</em>');
    expect(html).toContain('<p>Here is my plan.</p>');
    expect(html).not.toMatch(RAW_TAG);
    // Folded blocks keep their content in the page (find in page), hidden.
    expect(html).toMatch(/aria-expanded="false"[\s\S]*?hidden=""/);
  });

  it('shows a tag still open while the reply streams as an open block being written', () => {
    const html = render('<brain_storm>\nFirst idea\n\nSecond', { isStreaming: true });
    expect(blocks(html)).toEqual(['brain_storm:open:Brainstorm']);
    expect(html).toContain('Writing…');
    expect(html).toContain('<p>Second</p>');
    // The same text finished (the model forgot to close it) folds as its kind does.
    expect(blocks(render('<brain_storm>\nFirst idea\n\nSecond'))).toEqual(['brain_storm:closed:Brainstorm']);
  });

  it('renders a streaming reply with closed tags to the same markup as the finished one', () => {
    const reply = 'Intro\n\n<answers>\nOne\n\nTwo\n</answers>\n\n<style>\nBold\n</style>\n\nThe end.';
    const streaming = render(reply, { isStreaming: true }).replace(' result-streaming', '');
    const elementsOnly = (html: string) =>
      html.replace(/>\n+</g, '><').replace(/id="[^"]*"|aria-controls="[^"]*"/g, '');
    expect(elementsOnly(streaming)).toBe(elementsOnly(render(reply)));
  });

  it('leaves other HTML and unknown tags to the usual rules: not blocks, never HTML', () => {
    const html = render('<foo>kept</foo> and <b>bold?</b> <answerx>x</answerx>');
    expect(blocks(html)).toEqual([]);
    expect(html).not.toMatch(/<foo|<b>|<answerx/);
    expect(html).toContain('kept');
  });

  it("leaves the tags in a user's own message as the characters typed", () => {
    const html = render('<answer>mine</answer>', { isUserText: true });
    expect(blocks(html)).toEqual([]);
    expect(html).toContain('&lt;answer&gt;mine&lt;/answer&gt;');
  });

  it('keeps a tag inside a code block or inline code literal', () => {
    const html = render('<answer>\n```\n<question>literal</question>\n```\nand `<style>` too\n</answer>');
    expect(blocks(html)).toEqual(['answer:open:Answer']);
    expect(html).toContain('&lt;question&gt;literal&lt;/question&gt;');
    expect(html).toContain('<code>&lt;style&gt;</code>');
  });
});

describe('Markdown tags with hostile input', () => {
  it('drops attributes and never renders script or HTML inside a tag', () => {
    const html = render(
      '<answer onclick="alert(1)" style="color:red"><script>alert(2)</script><img src=x onerror="alert(3)">text</answer>\n<style>\n<script>alert(4)</script>\nbody{display:none}\n</style>',
    );
    expect(blocks(html)).toEqual(['answer:open:Answer', 'style:closed:Style']);
    expect(html).not.toMatch(/<script|<img|onclick|onerror|alert\(|color:red/);
    expect(html).toContain('text');
    expect(html).toContain('body{display:none}');
  });

  it(`renders tags nested 1000 deep quickly, at most ${MAX_TAG_DEPTH} blocks deep, the text kept`, () => {
    for (const isStreaming of [false, true]) {
      const started = performance.now();
      const html = render(`${'<answer>'.repeat(1000)}deep${'</answer>'.repeat(isStreaming ? 500 : 1000)}`, {
        isStreaming,
      });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(html).toContain('deep');
      expect(html.match(/data-testid="markdown-tag"/g)).toHaveLength(MAX_TAG_DEPTH);
      expect(html).not.toMatch(RAW_TAG);
    }
  });

  it('survives tags interleaved with lists and quotes nested deep', () => {
    const html = render(`<brain_storm>\n${'> '.repeat(500)}- ${'- '.repeat(500)}deep\n</brain_storm>`);
    expect(blocks(html)).toEqual(['brain_storm:closed:Brainstorm']);
    expect(html).toContain('deep');
  });
});
