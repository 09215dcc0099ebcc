/**
 * LibreChat's code languages (its `toolParams.lang`): what a code block's fence name becomes
 * when it is sent to POST /api/agents/tools/execute_code/call.
 */
import type { CodeLanguage } from '@confab/shared';

export type { CodeLanguage };

/** What the local sandbox runs; the server's status may say more (a remote service) or less. */
export const DEFAULT_RUNNABLE_LANGUAGES: readonly CodeLanguage[] = ['py', 'js', 'ts'];

/** Fence names people and models write, each to the language it runs as. */
const ALIASES: Readonly<Record<string, CodeLanguage>> = {
  py: 'py',
  python: 'py',
  python3: 'py',
  js: 'js',
  javascript: 'js',
  node: 'js',
  nodejs: 'js',
  mjs: 'js',
  cjs: 'js',
  ts: 'ts',
  typescript: 'ts',
  mts: 'ts',
  cts: 'ts',
  c: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cxx: 'cpp',
  cc: 'cpp',
  java: 'java',
  php: 'php',
  rs: 'rs',
  rust: 'rs',
  go: 'go',
  golang: 'go',
  d: 'd',
  f90: 'f90',
  fortran: 'f90',
  r: 'r',
};

/**
 * The language a fence name runs as, or null (`python` → `py`, `TypeScript` → `ts`, `tsx` →
 * null: JSX needs a build step no runner has).
 * @example toCodeLanguage('Python') // 'py'
 */
export function toCodeLanguage(fenceName: string | null | undefined): CodeLanguage | null {
  if (!fenceName) return null;
  return ALIASES[fenceName.trim().toLowerCase()] ?? null;
}

/**
 * The language a block runs as where the server runs it: null when the fence names none, or one
 * the server does not run (`languages` from its status; the sandbox's three while unknown).
 */
export function runnableLanguage(
  fenceName: string | null | undefined,
  languages: readonly string[] = DEFAULT_RUNNABLE_LANGUAGES,
): CodeLanguage | null {
  const lang = toCodeLanguage(fenceName);
  return lang && languages.includes(lang) ? lang : null;
}
