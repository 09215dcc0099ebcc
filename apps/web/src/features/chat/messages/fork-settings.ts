import { FORK_OPTIONS, type ForkOption } from '@confab/shared';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../../lib/storage';

/** Each option's locale key stem under `fork.` (its label; `<stem>_info` explains it), in LibreChat's order. */
export const FORK_OPTION_KEYS: Readonly<Record<ForkOption, string>> = {
  directPath: 'visible',
  includeBranches: 'branches',
  targetLevel: 'all_target',
};

/** The option the server applies when none is chosen (LibreChat marks it "Default"). */
export const DEFAULT_FORK_OPTION: ForkOption = 'targetLevel';

/**
 * The fork settings (SPEC 3, local storage), kept under LibreChat's own keys so a user's choice
 * reads the same in both clients:
 * - forkSetting: the option remembered from the fork popover or chosen in Settings → Chat;
 * - splitAtTarget: "Start fork here", the fork starts at the target's level;
 * - rememberDefaultFork: the fork button forks at once with forkSetting, without the popover.
 */
export interface ForkSettings {
  forkSetting: ForkOption | '';
  splitAtTarget: boolean;
  rememberDefaultFork: boolean;
}

export function parseForkOption(value: unknown): ForkOption | '' {
  return FORK_OPTIONS.find((option) => option === value) ?? '';
}

/** The stored settings; a missing or malformed value reads as LibreChat's default. */
export function readForkSettings(): ForkSettings {
  return {
    forkSetting: parseForkOption(readStorage<unknown>('forkSetting', '')),
    splitAtTarget: readStorage<unknown>('splitAtTarget', false) === true,
    rememberDefaultFork: readStorage<unknown>('rememberDefaultFork', false) === true,
  };
}

/** The fork settings, read once per load; change them with `setForkSettings`. */
export const useForkSettings = create<ForkSettings>(() => readForkSettings());

/** Changes some fork settings, at once and for later loads. */
export function setForkSettings(patch: Partial<ForkSettings>): void {
  for (const [name, value] of Object.entries(patch)) writeStorage(name, value);
  useForkSettings.setState(patch);
}

/**
 * The option a click on the fork button uses straight away, or null when the popover must ask.
 * A remembered choice of none (LibreChat stores '') is the server's default.
 */
export function rememberedForkOption(settings: ForkSettings): ForkOption | null {
  if (!settings.rememberDefaultFork) return null;
  return settings.forkSetting || DEFAULT_FORK_OPTION;
}
