import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../lib/memory-storage.test-helper';
import {
  clearDraftIfSent,
  decodeDraft,
  draftKey,
  encodeDraft,
  loadDraft,
  moveDraft,
  removeAllDrafts,
  saveDraft,
} from './drafts';

beforeEach(() => {
  installMemoryStorage();
});

describe('draft encoding', () => {
  it('round-trips unicode text through base64', () => {
    for (const text of ['hello', 'héllo wörld', '日本語 🎉', 'x'.repeat(100_000)])
      expect(decodeDraft(encodeDraft(text))).toBe(text);
    expect(encodeDraft('hi')).toBe('aGk=');
  });
  it('rejects values that are not drafts', () => {
    expect(decodeDraft('%%%')).toBeNull();
  });
});

describe('draft storage', () => {
  it('keeps drafts of two characters or more, base64 under textDraft_<id>', () => {
    saveDraft('c1', 'hello');
    expect(localStorage.getItem(draftKey('c1'))).toBe(encodeDraft('hello'));
    expect(loadDraft('c1')).toBe('hello');
    saveDraft('c1', ' a ');
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
  });
  it('moves a new conversation draft to its real id', () => {
    saveDraft('new', 'typed early');
    moveDraft('new', 'c2');
    expect(loadDraft('new')).toBe('');
    expect(loadDraft('c2')).toBe('typed early');
  });
  it('clears a draft only when it is what was sent', () => {
    saveDraft('c3', 'newer typing');
    clearDraftIfSent('c3', 'sent text');
    expect(loadDraft('c3')).toBe('newer typing');
    clearDraftIfSent('c3', 'newer typing');
    expect(loadDraft('c3')).toBe('');
  });
  it('removes every draft and nothing else when drafts are turned off', () => {
    for (const id of ['a', 'b', 'c', 'new']) saveDraft(id, `draft ${id}`);
    localStorage.setItem('navVisible', 'true');
    removeAllDrafts();
    for (const id of ['a', 'b', 'c', 'new']) expect(loadDraft(id)).toBe('');
    expect(localStorage.getItem('navVisible')).toBe('true');
  });
});
