import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../lib/memory-storage.test-helper';
import {
  fileDraftKey,
  forgetTempFiles,
  leftoverTempFiles,
  loadFileDraft,
  moveFileDraft,
  rememberTempFile,
  removeAllFileDrafts,
  removeSentFromFileDraft,
  saveFileDraft,
  TEMP_FILES_KEY,
} from './file-drafts';

beforeEach(() => {
  installMemoryStorage();
});

describe('file drafts', () => {
  it('keeps the ids of a conversation under filesDraft_<id>, without repeats', () => {
    saveFileDraft('c1', ['a', 'b', 'a']);
    expect(JSON.parse(localStorage.getItem(fileDraftKey('c1')) ?? 'null')).toEqual(['a', 'b']);
    expect(loadFileDraft('c1')).toEqual(['a', 'b']);
    expect(loadFileDraft('c2')).toEqual([]);
  });

  it('removes the key when the draft is empty', () => {
    saveFileDraft('c1', ['a']);
    saveFileDraft('c1', []);
    expect(localStorage.getItem(fileDraftKey('c1'))).toBeNull();
  });

  it('ignores what it did not write', () => {
    localStorage.setItem(fileDraftKey('c1'), '{not json');
    expect(loadFileDraft('c1')).toEqual([]);
    localStorage.setItem(fileDraftKey('c1'), JSON.stringify(['a', 3, null, 'b']));
    expect(loadFileDraft('c1')).toEqual(['a', 'b']);
  });

  it('moves the draft of a new chat to its conversation id, joining what is there', () => {
    saveFileDraft('new', ['a']);
    saveFileDraft('c1', ['z']);
    moveFileDraft('new', 'c1');
    expect(loadFileDraft('new')).toEqual([]);
    expect(loadFileDraft('c1')).toEqual(['z', 'a']);
  });

  it('takes out only the files that were sent', () => {
    saveFileDraft('c1', ['a', 'b', 'c']);
    removeSentFromFileDraft('c1', ['a', 'c']);
    expect(loadFileDraft('c1')).toEqual(['b']);
    removeSentFromFileDraft('c1', ['b']);
    expect(localStorage.getItem(fileDraftKey('c1'))).toBeNull();
  });

  it('removes every file draft at once', () => {
    saveFileDraft('c1', ['a']);
    saveFileDraft('c2', ['b']);
    localStorage.setItem('textDraft_c1', 'aGk=');
    removeAllFileDrafts();
    expect(loadFileDraft('c1')).toEqual([]);
    expect(loadFileDraft('c2')).toEqual([]);
    expect(localStorage.getItem('textDraft_c1')).toBe('aGk=');
  });
});

describe('temporary files', () => {
  it('are leftovers once no draft names them', () => {
    rememberTempFile({ file_id: 'a', filepath: '/images/u/a', source: 'local', embedded: false });
    rememberTempFile({ file_id: 'b', source: 'local' });
    rememberTempFile({ file_id: 'c', source: 'local' });
    saveFileDraft('c1', ['b']);
    expect(leftoverTempFiles().map((f) => f.file_id)).toEqual(['a', 'c']);
    // Still attached on screen (drafts off): not a leftover.
    expect(leftoverTempFiles(new Set(['c'])).map((f) => f.file_id)).toEqual(['a']);
    expect(leftoverTempFiles()[0]).toEqual({ file_id: 'a', filepath: '/images/u/a', source: 'local', embedded: false });
  });

  it('are forgotten once sent or deleted', () => {
    rememberTempFile({ file_id: 'a' });
    rememberTempFile({ file_id: 'b' });
    forgetTempFiles(['a']);
    expect(leftoverTempFiles().map((f) => f.file_id)).toEqual(['b']);
    forgetTempFiles(['b']);
    expect(localStorage.getItem(TEMP_FILES_KEY)).toBeNull();
  });

  it('skips entries that are not temporary files', () => {
    localStorage.setItem(TEMP_FILES_KEY, JSON.stringify({ a: { file_id: 'x' }, b: 'b', c: { file_id: 'c' } }));
    expect(leftoverTempFiles().map((f) => f.file_id)).toEqual(['c']);
  });
});
