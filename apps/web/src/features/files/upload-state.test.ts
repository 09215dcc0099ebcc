import type { FileRecord } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  attachmentFromRecord,
  attachmentsReducer,
  canRemove,
  isAnyLoading,
  toMessageFile,
  type Attachment,
} from './upload-state';

const chosen = (tempId: string, type = 'image/png'): Attachment => ({
  tempId,
  file_id: tempId,
  filename: `${tempId}.png`,
  type,
  bytes: 100,
  progress: 0,
});

const record = (over: Partial<FileRecord> = {}): FileRecord => ({
  user: 'u1',
  file_id: 'server-1',
  temp_file_id: 't1',
  filename: 'cat.png',
  filepath: '/images/u1/server-1',
  object: 'file',
  type: 'image/webp',
  bytes: 80,
  embedded: false,
  usage: 0,
  source: 'local',
  width: 640,
  height: 480,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('attachmentsReducer: the progress of one upload (SPEC 4)', () => {
  it('goes 0.2, 0.6, 0.9, then 1 with the server details', () => {
    let list = attachmentsReducer([], { type: 'chosen', attachment: chosen('t1') });
    expect(list[0]?.progress).toBe(0.2);
    list = attachmentsReducer(list, { type: 'dimensions', tempId: 't1', width: 641, height: 481 });
    expect(list[0]).toMatchObject({ progress: 0.6, width: 641, height: 481 });
    list = attachmentsReducer(list, { type: 'uploaded', tempId: 't1', record: record() });
    expect(list[0]).toMatchObject({ progress: 0.9, file_id: 't1', filename: 't1.png' });
    expect(isAnyLoading(list)).toBe(true);
    list = attachmentsReducer(list, { type: 'finalized', tempId: 't1' });
    expect(list[0]).toMatchObject({
      tempId: 't1',
      progress: 1,
      file_id: 'server-1',
      filename: 'cat.png',
      type: 'image/webp',
      bytes: 80,
      width: 640,
      height: 480,
      filepath: '/images/u1/server-1',
      source: 'local',
    });
    expect(list[0]?.record).toBeUndefined();
    expect(isAnyLoading(list)).toBe(false);
  });

  it('never moves progress back when dimensions come late', () => {
    let list = attachmentsReducer([], { type: 'chosen', attachment: chosen('t1') });
    list = attachmentsReducer(list, { type: 'uploaded', tempId: 't1', record: record() });
    list = attachmentsReducer(list, { type: 'dimensions', tempId: 't1', width: 1, height: 1 });
    expect(list[0]?.progress).toBe(0.9);
  });

  it('removes a failed or cancelled upload', () => {
    let list = attachmentsReducer([], { type: 'chosen', attachment: chosen('t1') });
    list = attachmentsReducer(list, { type: 'chosen', attachment: chosen('t2') });
    list = attachmentsReducer(list, { type: 'failed', tempId: 't1' });
    expect(list.map((a) => a.tempId)).toEqual(['t2']);
  });

  it('refuses to remove a file below 1, allows it at 1', () => {
    let list = attachmentsReducer([], { type: 'chosen', attachment: chosen('t1') });
    expect(canRemove(list[0] as Attachment)).toBe(false);
    expect(attachmentsReducer(list, { type: 'removed', tempId: 't1' })).toBe(list);
    list = attachmentsReducer(list, { type: 'uploaded', tempId: 't1', record: record() });
    list = attachmentsReducer(list, { type: 'finalized', tempId: 't1' });
    expect(attachmentsReducer(list, { type: 'removed', tempId: 't1' })).toEqual([]);
  });

  it('keeps the same list when nothing changes (no needless renders)', () => {
    const list = attachmentsReducer([], { type: 'chosen', attachment: chosen('t1') });
    expect(attachmentsReducer(list, { type: 'dimensions', tempId: 'nope', width: 1, height: 1 })).toBe(list);
    expect(attachmentsReducer(list, { type: 'chosen', attachment: chosen('t1') })).toBe(list);
    expect(attachmentsReducer(list, { type: 'finalized', tempId: 't1' })[0]).toBe(list[0]);
    expect(attachmentsReducer([], { type: 'cleared' })).toEqual([]);
  });

  it('restores drafted files complete, once each', () => {
    const restored = attachmentFromRecord(record({ file_id: 'f1' }));
    let list = attachmentsReducer([], { type: 'restored', attachments: [restored] });
    list = attachmentsReducer(list, { type: 'restored', attachments: [restored] });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ tempId: 'f1', file_id: 'f1', progress: 1 });
    expect(isAnyLoading(list)).toBe(false);
  });
});

describe('toMessageFile', () => {
  it('carries the fields of the shared message file', () => {
    const a = attachmentFromRecord(record({ preview: '/images/u1/server-1?thumb=1' }));
    expect(toMessageFile(a)).toEqual({
      file_id: 'server-1',
      filepath: '/images/u1/server-1',
      filename: 'cat.png',
      type: 'image/webp',
      width: 640,
      height: 480,
      bytes: 80,
      preview: '/images/u1/server-1?thumb=1',
    });
  });
});
