import { describe, expect, it } from 'vitest';
import { nameFromFile, parseKeywords } from './add-template-form';
import { templatesPath } from './use-meme-templates';

describe('the gallery’s search and "Add your own" helpers', () => {
  it('asks for the whole list without a search, and for a search by meaning with one', () => {
    expect(templatesPath('  ')).toBe('/api/memes/templates');
    expect(templatesPath(' cats & dogs ')).toBe('/api/memes/templates?search=cats+%26+dogs&mode=auto');
  });

  it('names a new template after its picture, and reads its keywords', () => {
    expect(nameFromFile('my_dog-photo.final.jpg')).toBe('my dog photo.final');
    expect(nameFromFile('Barnaby.png')).toBe('Barnaby');
    expect(parseKeywords('Cat, monday ,, cat ,  Coffee ')).toEqual(['cat', 'monday', 'coffee']);
  });
});
