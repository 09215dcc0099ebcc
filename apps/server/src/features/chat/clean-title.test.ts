import { describe, expect, it } from 'vitest';
import { cleanTitle } from './title.service.js';

describe('cleanTitle', () => {
  it('keeps a plain title as it is', () => {
    expect(cleanTitle('Spring trip to Lisbon')).toBe('Spring trip to Lisbon');
  });

  it('drops a "Title:" prefix, quotes, trailing punctuation and lines after the first', () => {
    expect(cleanTitle('Title: "Spring trip to Lisbon."\nHope this helps!')).toBe('Spring trip to Lisbon');
    expect(cleanTitle('\n\n  “Plan for Lisbon”  ')).toBe('Plan for Lisbon');
  });

  it('writes markdown as the plain text it shows', () => {
    expect(cleanTitle('Here is a **short plan** for Lisbon')).toBe('Here is a short plan for Lisbon');
    expect(cleanTitle('# Fixing `useEffect` loops')).toBe('Fixing useEffect loops');
    expect(cleanTitle('An *easy* guide to __regex__')).toBe('An easy guide to regex');
    expect(cleanTitle('See [the docs](https://example.com) first')).toBe('See the docs first');
  });

  it('leaves underscores and asterisks that are not markdown', () => {
    expect(cleanTitle('Renaming snake_case_names in Python')).toBe('Renaming snake_case_names in Python');
    expect(cleanTitle('Why 2 * 3 = 6')).toBe('Why 2 * 3 = 6');
  });

  it('makes a short title of very long output', () => {
    expect(cleanTitle('**'.repeat(50_000) + 'x').length).toBeLessThanOrEqual(500);
  });
});
