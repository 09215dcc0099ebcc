import { describe, expect, it } from 'vitest';
import { MAX_TAG_DEPTH, splitTaggedSections, type TaggedNode } from './tagged-sections';

const md = (text: string): TaggedNode => ({ type: 'markdown', text });

describe('splitTaggedSections', () => {
  it('answers null for text without the tags of SPEC 9 (it renders as before)', () => {
    expect(splitTaggedSections('Just **markdown** and <b>html</b> and <answerx>no</answerx>')).toBeNull();
    expect(splitTaggedSections('```\n<answer>code</answer>\n```')).toBeNull();
  });

  it('splits markdown and tag blocks, across lines, with markdown inside', () => {
    const source = 'Intro\n<brain_storm>\n- idea one\n\n- idea **two**\n</brain_storm>\n<answer>Yes.</answer>\nBye';
    expect(splitTaggedSections(source)).toEqual([
      md('Intro\n'),
      { type: 'tag', tag: 'brain_storm', isClosed: true, children: [md('\n- idea one\n\n- idea **two**\n')] },
      md('\n'),
      { type: 'tag', tag: 'answer', isClosed: true, children: [md('Yes.')] },
      md('\nBye'),
    ]);
  });

  it('reads every tag of SPEC 9, in any case, with attributes dropped', () => {
    const names = [
      'user-answers-summary',
      'user-language',
      'shorted-user-message',
      'shorten-user-message',
      'brain_storm',
      'style',
      'character',
      'answer',
      'answers',
      'question',
      'questions',
    ];
    for (const name of names) {
      expect(splitTaggedSections(`<${name}>x</${name}>`)).toEqual([
        { type: 'tag', tag: name, isClosed: true, children: [md('x')] },
      ]);
    }
    expect(splitTaggedSections('<Question id="1" onclick="alert(1)">Why?</QUESTION>')).toEqual([
      { type: 'tag', tag: 'question', isClosed: true, children: [md('Why?')] },
    ]);
  });

  it('keeps a tag open to the end while the reply streams in', () => {
    expect(splitTaggedSections('<questions>\n1. Who is it for?\n2. Which')).toEqual([
      { type: 'tag', tag: 'questions', isClosed: false, children: [md('\n1. Who is it for?\n2. Which')] },
    ]);
  });

  it('nests tags; singular and plural close each other; a closing tag that closes nothing is dropped', () => {
    expect(splitTaggedSections('<answers><style>bold</style> and more</answer></answer>end')).toEqual([
      {
        type: 'tag',
        tag: 'answers',
        isClosed: true,
        children: [{ type: 'tag', tag: 'style', isClosed: true, children: [md('bold')] }, md(' and more')],
      },
      md('end'),
    ]);
  });

  it('leaves tags in fenced code, inline code and after a backslash as text', () => {
    const source = '<answer>\n```html\n<question>literal</question>\n```\nUse `<style>` or \\<style> here\n</answer>';
    expect(splitTaggedSections(source)).toEqual([
      {
        type: 'tag',
        tag: 'answer',
        isClosed: true,
        children: [md('\n```html\n<question>literal</question>\n```\nUse `<style>` or \\<style> here\n')],
      },
    ]);
    // A closing tag inside code does not close the block it sits in.
    expect(splitTaggedSections('<answer>\n```\n</answer>\n```\nstill inside')?.[0]).toMatchObject({ isClosed: false });
  });

  it(`nests at most ${MAX_TAG_DEPTH} deep, a thousand levels included, without recursion`, () => {
    const deep = `${'<answer>'.repeat(1000)}core${'</answer>'.repeat(1000)} after`;
    const nodes = splitTaggedSections(deep);
    let depth = 0;
    let level = nodes;
    while (level?.[0]?.type === 'tag') {
      depth++;
      expect(level[0].isClosed).toBe(true);
      level = level[0].children;
    }
    expect(depth).toBe(MAX_TAG_DEPTH);
    expect(level).toEqual([md('core')]);
    expect(nodes?.at(-1)).toEqual(md(' after'));
  });
});
