import type { MemeTemplate } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { listMemeTemplates } from './meme-templates.js';
import { foldText, rankTemplatesByWords, singular } from './template-search.js';

const ids = (templates: readonly MemeTemplate[]) => templates.map((t) => t.id);
const gallery = listMemeTemplates();

const custom = (id: string, name: string, keywords: string[] = [], description = ''): MemeTemplate => ({
  id,
  name,
  description,
  keywords,
  url: `/api/memes/templates/${id}.png`,
  width: 1080,
  height: 1920,
  boxes: [],
});

describe('the template search by words', () => {
  it('finds a template by its keyword, its name first', () => {
    expect(ids(rankTemplatesByWords(gallery, 'tier list', 5))[0]).toBe('tier-list');
    expect(ids(rankTemplatesByWords(gallery, 'weather', 5))[0]).toBe('weather-forecast');
  });

  it('ignores case and accents, and matches a simple plural and a word being typed', () => {
    const templates = [
      custom('u-a', 'Café Crème', ['coffee']),
      custom('u-b', 'Two Boxes', ['box']),
      custom('u-c', 'Other'),
    ];
    expect(ids(rankTemplatesByWords(templates, 'CAFE', 5))).toEqual(['u-a']);
    expect(ids(rankTemplatesByWords(templates, 'box', 5))).toEqual(['u-b']);
    expect(ids(rankTemplatesByWords(templates, 'coffees', 5))).toEqual(['u-a']);
    expect(ids(rankTemplatesByWords(templates, 'cof', 5))).toEqual(['u-a']);
    expect(foldText('Ça Va')).toBe('ca va');
    expect([singular('cats'), singular('boxes'), singular('stories'), singular('glass')]).toEqual([
      'cat',
      'box',
      'story',
      'glass',
    ]);
  });

  it('ranks a template matching every word of the query above one matching a single word', () => {
    const templates = [custom('u-one', 'Cat', ['cat']), custom('u-both', 'Sleepy', ['cat', 'sleep'])];
    expect(ids(rankTemplatesByWords(templates, 'sleeping cat', 5))).toEqual(['u-both', 'u-one']);
  });

  it('answers nothing for words no template has, and keeps the limit', () => {
    expect(rankTemplatesByWords(gallery, 'xylophonequartz', 5)).toEqual([]);
    expect(rankTemplatesByWords(gallery, 'cat', 3)).toHaveLength(3);
  });
});
