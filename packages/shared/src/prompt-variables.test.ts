import { describe, expect, it } from 'vitest';
import { fillPromptText, findPromptVariables, formatPromptDate, splitPromptText } from './prompt-variables.js';

const now = new Date(2026, 0, 5, 23, 59);
const context = { now, userName: 'Ada Lovelace' };

describe('prompt variables', () => {
  it('fills {{current_date}} as yyyy-MM-dd in local time, without a weekday', () => {
    expect(fillPromptText('Today is {{current_date}}.', context)).toBe('Today is 2026-01-05.');
    expect(formatPromptDate(new Date(999, 11, 31))).toBe('0999-12-31');
    // Local, not UTC: late in the evening is still the same day.
    expect(formatPromptDate(new Date(2026, 6, 4, 23, 30))).toBe('2026-07-04');
  });

  it('fills {{current_user}} with the name, and neither special variable is asked', () => {
    expect(fillPromptText('From {{current_user}} on {{ CURRENT_DATE }}', context)).toBe(
      'From Ada Lovelace on 2026-01-05',
    );
    expect(findPromptVariables('{{current_user}} {{current_date}}')).toEqual([]);
  });

  it('finds named variables in order, each once, and fills every use', () => {
    const text = 'Write to {{recipient}} about {{ topic }}. Sign for {{recipient}}.';
    expect(findPromptVariables(text)).toEqual([
      { name: 'recipient', options: [] },
      { name: 'topic', options: [] },
    ]);
    expect(fillPromptText(text, { ...context, values: { recipient: 'Bob', topic: 'tea' } })).toBe(
      'Write to Bob about tea. Sign for Bob.',
    );
  });

  it('reads {{name:option1|option2}} as a choice, trimming options and dropping empty or repeated ones', () => {
    const text = 'Tone: {{tone: formal | casual ||formal}}; again {{tone}}';
    expect(findPromptVariables(text)).toEqual([{ name: 'tone', options: ['formal', 'casual'] }]);
    expect(findPromptVariables('{{tone}} then {{tone:a|b}}')).toEqual([{ name: 'tone', options: ['a', 'b'] }]);
    expect(fillPromptText(text, { ...context, values: { tone: 'casual' } })).toBe('Tone: casual; again casual');
  });

  it('leaves unbalanced and malformed braces exactly as typed', () => {
    const texts = [
      '{{open',
      'close}}',
      '{{half}',
      '{half}}',
      '{{{triple}}}',
      '{{}}',
      '{{   }}',
      '{{name:}}',
      '{{name:|}}',
      '{{two\nlines}}',
      '{{a{b}}',
      '{{:options|only}}',
      '{{$money}}',
      '{current_date}',
    ];
    for (const text of texts) {
      expect(findPromptVariables(text)).toEqual([]);
      expect(fillPromptText(text, { ...context, values: { open: 'x', half: 'x', name: 'x' } })).toBe(text);
    }
    expect(fillPromptText('{{ok}} and {{broken', { ...context, values: { ok: 'fine' } })).toBe('fine and {{broken');
  });

  it('keeps a variable without a value as typed, and never reads a value as a variable', () => {
    expect(fillPromptText('{{a}} {{b}}', { ...context, values: { a: '{{b}} {{current_date}}' } })).toBe(
      '{{b}} {{current_date}} {{b}}',
    );
  });

  it('accepts names of words, digits, dashes and dots', () => {
    expect(findPromptVariables('{{first name}} {{step-2}} {{v1.0}} {{名前}}').map((v) => v.name)).toEqual([
      'first name',
      'step-2',
      'v1.0',
      '名前',
    ]);
  });

  it('splits the text into pieces that join back to it', () => {
    const text = 'a {{x}} b {{y:1|2}} {{{z}}} c';
    const segments = splitPromptText(text);
    expect(segments.map((s) => (s.type === 'text' ? s.text : s.raw)).join('')).toBe(text);
    expect(segments.filter((s) => s.type === 'variable').map((s) => s.raw)).toEqual(['{{x}}', '{{y:1|2}}']);
  });
});
