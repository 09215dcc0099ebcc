import type { PromptGroup } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { filterPromptGroups } from './prompt-command-options';

function group(name: string, command: string | undefined, prompt: string | null = `text of ${name}`): PromptGroup {
  return {
    _id: `id-${name}`,
    name,
    command,
    numberOfGenerations: 0,
    oneliner: '',
    category: '',
    projectIds: [],
    productionId: prompt === null ? null : `p-${name}`,
    productionPrompt: prompt === null ? null : { prompt },
    author: 'u1',
    authorName: 'User',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const groups = [
  group('Resume writer', 'cv'),
  group('Meeting summary', 'summary'),
  group('Summarise a paper', undefined),
  group('Translate', 'sum-translate'),
  group('Empty', 'sumempty', '   '),
  group('No production', 'sumnone', null),
];

describe('filterPromptGroups', () => {
  it('lists every group with a production text, in the server order, for a bare "/"', () => {
    expect(filterPromptGroups(groups, '').map((o) => o.group.name)).toEqual([
      'Resume writer',
      'Meeting summary',
      'Summarise a paper',
      'Translate',
    ]);
  });

  it('matches command and name case-insensitively, best match first', () => {
    expect(filterPromptGroups(groups, 'SUM').map((o) => o.group.name)).toEqual([
      'Meeting summary', // command starts with it
      'Translate', // command starts with it, later in the list
      'Summarise a paper', // name starts with it
      'Resume writer', // name contains it
    ]);
    expect(filterPromptGroups(groups, 'summary').map((o) => o.group.name)).toEqual(['Meeting summary']);
    expect(filterPromptGroups(groups, 'nothing')).toEqual([]);
  });

  it('carries the production text each row inserts', () => {
    expect(filterPromptGroups(groups, 'cv')).toEqual([
      { key: 'id-Resume writer', group: groups[0], text: 'text of Resume writer' },
    ]);
  });
});
