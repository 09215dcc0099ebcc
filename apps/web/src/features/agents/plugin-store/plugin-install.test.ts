import { describe, expect, it } from 'vitest';
import { installNeedsAuth, isPluginInstalled, nextUserPlugins } from './plugin-install';

const keyed = { name: 'Search', pluginKey: 'search', authConfig: [{ authField: 'KEY', label: 'Key' }] };
const open = { name: 'Clock', pluginKey: 'clock' };

describe('plugin store install state', () => {
  it('is installed when in the user plugins, or when its credentials are stored', () => {
    expect(isPluginInstalled(open, [])).toBe(false);
    expect(isPluginInstalled(open, ['clock'])).toBe(true);
    expect(isPluginInstalled({ ...keyed, authenticated: true }, [])).toBe(true);
  });
  it('asks for credentials only for a plugin with fields and none stored', () => {
    expect(installNeedsAuth(keyed)).toBe(true);
    expect(installNeedsAuth({ ...keyed, authenticated: true })).toBe(false);
    expect(installNeedsAuth(open)).toBe(false);
  });
  it('adds or removes the key once', () => {
    expect(nextUserPlugins(['a'], 'b', 'install')).toEqual(['a', 'b']);
    expect(nextUserPlugins(['a', 'b'], 'b', 'install')).toEqual(['a', 'b']);
    expect(nextUserPlugins(['a', 'b'], 'a', 'uninstall')).toEqual(['b']);
  });
});
