import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../lib/memory-storage.test-helper';
import {
  parseForkOption,
  readForkSettings,
  rememberedForkOption,
  setForkSettings,
  useForkSettings,
  type ForkSettings,
} from './fork-settings';

const settings = (patch: Partial<ForkSettings>): ForkSettings => ({
  forkSetting: '',
  splitAtTarget: false,
  rememberDefaultFork: false,
  ...patch,
});

describe('fork settings', () => {
  beforeEach(() => {
    installMemoryStorage();
    useForkSettings.setState(readForkSettings());
  });

  it("default to LibreChat's: no option, no split, nothing remembered", () => {
    expect(readForkSettings()).toEqual(settings({}));
  });

  it("are stored under LibreChat's keys, as JSON, and read back", () => {
    setForkSettings({ forkSetting: 'includeBranches', splitAtTarget: true, rememberDefaultFork: true });
    expect(localStorage.getItem('forkSetting')).toBe('"includeBranches"');
    expect(localStorage.getItem('splitAtTarget')).toBe('true');
    expect(localStorage.getItem('rememberDefaultFork')).toBe('true');
    expect(readForkSettings()).toEqual(
      settings({ forkSetting: 'includeBranches', splitAtTarget: true, rememberDefaultFork: true }),
    );
    expect(useForkSettings.getState().forkSetting).toBe('includeBranches');
  });

  it('read a malformed stored value as the default', () => {
    localStorage.setItem('forkSetting', '"everything"');
    localStorage.setItem('splitAtTarget', '"yes"');
    localStorage.setItem('rememberDefaultFork', '{');
    expect(readForkSettings()).toEqual(settings({}));
    expect(parseForkOption('targetLevel')).toBe('targetLevel');
    expect(parseForkOption(3)).toBe('');
  });

  it('fork at once only when an option is remembered; a remembered empty option is the default', () => {
    expect(rememberedForkOption(settings({ forkSetting: 'directPath' }))).toBeNull();
    expect(rememberedForkOption(settings({ forkSetting: 'directPath', rememberDefaultFork: true }))).toBe('directPath');
    expect(rememberedForkOption(settings({ rememberDefaultFork: true }))).toBe('targetLevel');
  });
});
