import { describe, expect, it } from 'vitest';
import { composeTemplatePrompt, templatePromptPrefix } from './template-prompt';

const podium = { id: 'podium', name: 'The Podium' };
const fork = { id: 'road-fork', name: 'Fork in the Road' };

describe('the prompt a gallery choice puts in the composer', () => {
  it('names the template and its source, ready for the subject', () => {
    expect(templatePromptPrefix(podium)).toBe('Make a meme with the "The Podium" template (template:podium) about ');
    expect(composeTemplatePrompt(podium, '')).toBe(templatePromptPrefix(podium));
    expect(composeTemplatePrompt(podium, '   ')).toBe(templatePromptPrefix(podium));
  });

  it('keeps a subject the user already typed after the prefix', () => {
    expect(composeTemplatePrompt(podium, '  excuses for being late')).toBe(
      `${templatePromptPrefix(podium)}excuses for being late`,
    );
  });

  it('replaces an earlier choice instead of stacking prefixes', () => {
    const first = composeTemplatePrompt(podium, 'mondays');
    expect(composeTemplatePrompt(fork, first)).toBe(`${templatePromptPrefix(fork)}mondays`);
    expect(composeTemplatePrompt(fork, templatePromptPrefix({ id: 'is-this-a', name: 'Is This a…?' }))).toBe(
      templatePromptPrefix(fork),
    );
  });

  it('leaves other text that merely mentions a template alone', () => {
    const text = 'Please: Make a meme with the "The Podium" template (template:podium) about cats';
    expect(composeTemplatePrompt(fork, text)).toBe(templatePromptPrefix(fork) + text);
  });
});
