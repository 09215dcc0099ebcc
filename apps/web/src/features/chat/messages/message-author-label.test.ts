import { describe, expect, it } from 'vitest';
import { userMessageLabel } from './message-author-label';

describe('userMessageLabel', () => {
  it("shows the user's name while usernames are displayed", () => {
    expect(userMessageLabel({ name: 'Ada Lovelace', username: 'ada' }, true, 'You')).toBe('Ada Lovelace');
  });

  it('falls back to the username when the name is blank', () => {
    expect(userMessageLabel({ name: '  ', username: 'ada' }, true, 'You')).toBe('ada');
  });

  it('shows the generic label when the setting is off', () => {
    expect(userMessageLabel({ name: 'Ada Lovelace', username: 'ada' }, false, 'You')).toBe('You');
  });

  it('shows the generic label when there is no user or neither name is set', () => {
    expect(userMessageLabel(null, true, 'You')).toBe('You');
    expect(userMessageLabel({ name: '', username: '' }, true, 'You')).toBe('You');
  });
});
