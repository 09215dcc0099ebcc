import { PROMPT_COMMAND_MAX_LENGTH, PROMPT_LABELS_MAX, PROMPT_SYSTEM_CATEGORIES } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  addLabel,
  isSharedGlobally,
  pageCountOf,
  promptAccess,
  removeLabel,
  toGroupsFilter,
  validateCommand,
  versionNumbers,
} from './prompt-rules';

describe('toGroupsFilter', () => {
  it('sends no category for "All" and pages of 10', () => {
    expect(toGroupsFilter({ category: PROMPT_SYSTEM_CATEGORIES.ALL, name: '', pageNumber: 1 })).toEqual({
      pageNumber: 1,
      pageSize: 10,
    });
  });

  it('sends system filters and categories as they are, and a trimmed name', () => {
    expect(toGroupsFilter({ category: PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS, name: '  mail ', pageNumber: 3 })).toEqual({
      pageNumber: 3,
      pageSize: 10,
      name: 'mail',
      category: PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS,
    });
    expect(toGroupsFilter({ category: 'code', name: '', pageNumber: 0 })).toMatchObject({
      category: 'code',
      pageNumber: 1,
    });
  });
});

describe('pageCountOf', () => {
  it('reads LibreChat string counts and never answers less than one page', () => {
    expect(pageCountOf('4')).toBe(4);
    expect(pageCountOf('0')).toBe(1);
    expect(pageCountOf(undefined)).toBe(1);
  });
});

describe('promptAccess', () => {
  const group = { author: 'u1', isCollaborative: false };
  it('lets the author with CREATE manage and edit', () => {
    expect(promptAccess(group, { userId: 'u1', canCreate: true })).toEqual({
      isAuthor: true,
      canManage: true,
      canEditText: true,
    });
  });
  it('keeps another user read-only unless the author allows editing', () => {
    expect(promptAccess(group, { userId: 'u2', canCreate: true })).toEqual({
      isAuthor: false,
      canManage: false,
      canEditText: false,
    });
    expect(promptAccess({ ...group, isCollaborative: true }, { userId: 'u2', canCreate: true }).canEditText).toBe(true);
  });
  it('lets an administrator manage a shared group, not a private one', () => {
    expect(
      promptAccess({ ...group, isShared: true }, { userId: 'admin', canCreate: true, isAdmin: true }).canManage,
    ).toBe(true);
    expect(promptAccess(group, { userId: 'admin', canCreate: true, isAdmin: true }).canManage).toBe(false);
  });
  it('gives no edit controls without CREATE', () => {
    expect(promptAccess(group, { userId: 'u1', canCreate: false })).toEqual({
      isAuthor: true,
      canManage: false,
      canEditText: false,
    });
  });
});

describe('labels', () => {
  it('adds a trimmed, new label and refuses empty, duplicate and reserved ones', () => {
    expect(addLabel(['draft'], ' review ')).toEqual({ labels: ['draft', 'review'] });
    expect(addLabel(['draft'], 'Draft')).toEqual({ error: 'duplicate' });
    expect(addLabel([], '  ')).toEqual({ error: 'empty' });
    expect(addLabel([], 'production')).toEqual({ error: 'reserved' });
    expect(
      addLabel(
        Array.from({ length: PROMPT_LABELS_MAX }, (_, i) => `l${i}`),
        'more',
      ),
    ).toEqual({ error: 'too_many' });
    expect(removeLabel(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('validateCommand', () => {
  it('accepts letters, digits and dashes up to the limit, and nothing', () => {
    expect(validateCommand('')).toBeNull();
    expect(validateCommand('daily-report-2')).toBeNull();
    expect(validateCommand('a'.repeat(PROMPT_COMMAND_MAX_LENGTH))).toBeNull();
  });
  it('names what is wrong', () => {
    expect(validateCommand('a'.repeat(PROMPT_COMMAND_MAX_LENGTH + 1))).toBe('too_long');
    expect(validateCommand('no spaces')).toBe('invalid');
    expect(validateCommand('under_score')).toBe('invalid');
  });
});

describe('versions and sharing', () => {
  it('numbers versions from the oldest', () => {
    const numbers = versionNumbers([
      { _id: 'c', createdAt: '2025-01-03T00:00:00Z' },
      { _id: 'a', createdAt: '2025-01-01T00:00:00Z' },
      { _id: 'b', createdAt: '2025-01-02T00:00:00Z' },
    ]);
    expect([numbers.get('a'), numbers.get('b'), numbers.get('c')]).toEqual([1, 2, 3]);
  });
  it('finds the instance project', () => {
    expect(isSharedGlobally({ projectIds: ['instance'] }, 'instance')).toBe(true);
    expect(isSharedGlobally({ projectIds: [] }, 'instance')).toBe(false);
  });
});
