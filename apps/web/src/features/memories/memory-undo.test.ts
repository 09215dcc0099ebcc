import { describe, expect, it } from 'vitest';
import { memoryNoteId, permissionOfUndo, undoOfMemory } from './memory-undo';

describe('undoOfMemory', () => {
  it('removes a key the reply created', () => {
    expect(undoOfMemory({ type: 'update', key: 'favourite_colour', value: 'teal' })).toEqual({
      kind: 'remove',
      key: 'favourite_colour',
    });
  });

  it('puts back the value a changed memory had', () => {
    expect(undoOfMemory({ type: 'update', key: 'city', value: 'Lyon', previousValue: 'Paris' })).toEqual({
      kind: 'restore',
      key: 'city',
      value: 'Paris',
    });
  });

  it('restores an empty previous value too (it was a memory all the same)', () => {
    expect(undoOfMemory({ type: 'update', key: 'k', value: 'v', previousValue: '' })).toMatchObject({
      kind: 'restore',
    });
  });

  it('saves a deleted memory again, and offers nothing when the deleted value is unknown', () => {
    expect(undoOfMemory({ type: 'delete', key: 'pet', value: 'a cat' })).toEqual({
      kind: 'recreate',
      key: 'pet',
      value: 'a cat',
    });
    expect(undoOfMemory({ type: 'delete', key: 'pet' })).toBeNull();
  });

  it("undoes an agent's own memory in that agent's scope", () => {
    expect(undoOfMemory({ type: 'update', key: 'k', value: 'v', agentId: 'agent_1' })).toEqual({
      kind: 'remove',
      key: 'k',
      agentId: 'agent_1',
    });
  });
});

describe('permissionOfUndo', () => {
  it('needs CREATE to put a memory back, UPDATE otherwise', () => {
    expect(permissionOfUndo({ kind: 'recreate', key: 'k', value: 'v' })).toBe('CREATE');
    expect(permissionOfUndo({ kind: 'restore', key: 'k', value: 'v' })).toBe('UPDATE');
    expect(permissionOfUndo({ kind: 'remove', key: 'k' })).toBe('UPDATE');
  });
});

describe('memoryNoteId', () => {
  it('tells apart the memories of one reply', () => {
    const base = { messageId: 'm1', toolCallId: 't1' };
    const a = memoryNoteId({ ...base, memory: { type: 'update', key: 'a' } });
    expect(a).not.toBe(memoryNoteId({ ...base, memory: { type: 'update', key: 'b' } }));
    expect(a).not.toBe(memoryNoteId({ ...base, memory: { type: 'delete', key: 'a' } }));
    expect(a).toBe(memoryNoteId({ ...base, memory: { type: 'update', key: 'a', value: 'x' } }));
  });
});
