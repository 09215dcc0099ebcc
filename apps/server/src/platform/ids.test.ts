import { expect, it } from 'vitest';
import { sortableId } from './ids.js';

it('sortableId: a UUID v7 whose order is the order of creation, even within a millisecond', () => {
  const ids = Array.from({ length: 5000 }, () => sortableId());
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids.slice(0, 10)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
