import { describe, expect, it } from 'vitest';
import { addStopSequence, clampInput, formatParameter, getPanelSections, isReasoningModel } from './parameter-fields';
import { isKnownSetting } from '../chat/header/conversation-settings';

const keysOf = (sections: ReturnType<typeof getPanelSections>) =>
  Object.fromEntries(sections.map((s) => [s.id, s.fields.map((f) => f.key)]));

describe('parameters panel fields (SPEC 5)', () => {
  it('shows OpenAI sampling with its ranges and defaults, plus output and context limits', () => {
    const sections = getPanelSections('openAI', 'gpt-4o');
    const keys = keysOf(sections);
    expect(keys.instructions).toEqual(['promptPrefix']);
    expect(keys.sampling).toEqual(['temperature', 'top_p', 'presence_penalty', 'frequency_penalty']);
    expect(keys.output).toEqual(['max_tokens', 'maxContextTokens']);
    expect(keys.advanced).toEqual(['imageDetail', 'resendFiles', 'stop']);
    const temperature = sections.flatMap((s) => s.fields).find((f) => f.key === 'temperature');
    expect(temperature).toMatchObject({ kind: 'slider', min: 0, max: 2, step: 0.01, default: 1 });
  });
  it('offers reasoning effort only to reasoning models', () => {
    expect(keysOf(getPanelSections('openAI', 'o3-mini')).advanced).toContain('reasoning_effort');
    expect(keysOf(getPanelSections('openAI', 'gpt-4o')).advanced).not.toContain('reasoning_effort');
    expect(isReasoningModel('o1')).toBe(true);
    expect(isReasoningModel('gpt-5-mini')).toBe(true);
    expect(isReasoningModel('deepseek-r1')).toBe(true);
    expect(isReasoningModel('gpt-4o-mini')).toBe(false);
    expect(isReasoningModel('claude-3-opus')).toBe(false);
  });
  it('uses each family table: Google and Anthropic ranges', () => {
    const google = getPanelSections('google', 'gemini-1.5-flash').flatMap((s) => s.fields);
    expect(google.find((f) => f.key === 'topK')).toMatchObject({ min: 1, max: 40, default: 40 });
    expect(google.find((f) => f.key === 'maxOutputTokens')).toMatchObject({ min: 1, max: 64000, default: 8192 });
    const anthropic = getPanelSections('anthropic', 'claude-3-5-sonnet-latest').flatMap((s) => s.fields);
    expect(anthropic.find((f) => f.key === 'temperature')).toMatchObject({ max: 1, default: 1 });
    expect(anthropic.find((f) => f.key === 'topP')).toMatchObject({ default: 0.7 });
    expect(anthropic.some((f) => f.key === 'max_tokens')).toBe(false);
  });
  it('offers only settings the send body carries', () => {
    // thinking / promptCache joined the shared conversation schema, so they reach the provider.
    const keys = getPanelSections('anthropic', 'claude-3-7-sonnet-latest').flatMap((s) => s.fields.map((f) => f.key));
    expect(keys).toContain('thinking');
    expect(keys).toContain('promptCache');
    expect(keys.every((key) => isKnownSetting(key))).toBe(true);
  });
  it('shows only instructions where an assistant or agent holds the parameters', () => {
    expect(keysOf(getPanelSections(null, 'x'))).toEqual({ instructions: ['promptPrefix'] });
  });
});

describe('clamping typed numbers (SPEC 5, the number slider clamps)', () => {
  const temperature = { min: 0, max: 2, step: 0.01 };
  it('keeps values in range and rounds to the step', () => {
    expect(clampInput(temperature, '3')).toBe(2);
    expect(clampInput(temperature, '-1')).toBe(0);
    expect(clampInput(temperature, '0,7')).toBe(0.7);
    expect(clampInput(temperature, '0.123')).toBe(0.12);
    expect(clampInput({ min: 1, max: 40, step: 1 }, '12.6')).toBe(13);
    expect(clampInput({ min: 1, step: 1 }, '999999')).toBe(999999);
  });
  it('treats empty or unreadable input as unset', () => {
    expect(clampInput(temperature, '')).toBeNull();
    expect(clampInput(temperature, 'abc')).toBeNull();
  });
  it('formats with the decimals of the step', () => {
    expect(formatParameter(1, 0.01)).toBe('1.00');
    expect(formatParameter(0.999, 0.001)).toBe('0.999');
    expect(formatParameter(8192, 1)).toBe('8192');
  });
});

describe('stop sequences (SPEC 5: up to 4)', () => {
  it('adds trimmed, distinct sequences up to four', () => {
    let list: string[] = [];
    for (const s of ['END', ' END ', '', '###', 'Human:', 'stop', 'fifth']) list = addStopSequence(list, s);
    expect(list).toEqual(['END', '###', 'Human:', 'stop']);
  });
});
