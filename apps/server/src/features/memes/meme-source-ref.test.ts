import { describe, expect, it } from 'vitest';
import { originsOf, parseMemeSourceRef } from './meme-source-ref.js';

const ORIGINS = originsOf(['https://confab.example/', undefined, 'not a url']);

describe('parseMemeSourceRef', () => {
  it('reads templates by name, path and our own absolute URL', () => {
    expect(parseMemeSourceRef('template:two-buttons')).toEqual({ kind: 'template', id: 'two-buttons' });
    expect(parseMemeSourceRef('/api/memes/templates/two-buttons.png')).toEqual({ kind: 'template', id: 'two-buttons' });
    expect(parseMemeSourceRef('https://confab.example/api/memes/templates/two-buttons.png', ORIGINS)).toEqual({
      kind: 'template',
      id: 'two-buttons',
    });
  });

  it('reads the caller-side file forms, keeping the owner a path names', () => {
    expect(parseMemeSourceRef('file:abc-123')).toEqual({ kind: 'file', fileId: 'abc-123' });
    expect(parseMemeSourceRef('/images/u1/f1')).toEqual({ kind: 'file', fileId: 'f1', ownerInPath: 'u1' });
    expect(parseMemeSourceRef('/api/files/download/u1/f1')).toEqual({ kind: 'file', fileId: 'f1', ownerInPath: 'u1' });
    expect(parseMemeSourceRef('https://confab.example/images/u1/f1', ORIGINS)).toEqual({
      kind: 'file',
      fileId: 'f1',
      ownerInPath: 'u1',
    });
    expect(parseMemeSourceRef('3f1c2a9e-1111-4222-8333-444455556666')).toEqual({
      kind: 'bare',
      id: '3f1c2a9e-1111-4222-8333-444455556666',
    });
  });

  it('reads remote URLs (another origin with our path is still remote) and data URLs', () => {
    expect(parseMemeSourceRef('https://elsewhere.example/images/u1/f1', ORIGINS)).toMatchObject({ kind: 'remote' });
    expect(parseMemeSourceRef('http://127.0.0.1:8080/cat.png')).toMatchObject({ kind: 'remote' });
    expect(parseMemeSourceRef('data:image/jpg;base64,AAAA\nBBBB')).toEqual({
      kind: 'data',
      mediaType: 'image/jpeg',
      base64: 'AAAABBBB',
    });
  });

  it('refuses anything else', () => {
    for (const input of [
      'ftp://x/y.png',
      'data:text/html;base64,AAAA',
      '../../etc/passwd',
      '/images/../x',
      'template:../x',
      'a cat',
      '',
    ])
      expect(parseMemeSourceRef(input), input).toBeUndefined();
  });
});
