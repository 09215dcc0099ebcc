import type * as Esbuild from 'esbuild';
import { dirname, relative } from 'node:path';
import { SCRIPT_DIR_INSIDE } from './bwrap-args.js';
import type { SandboxLanguage } from './sandbox-types.js';

/**
 * How each language runs inside the sandbox. Python is Debian's /usr/bin/python3 (never a
 * pyenv or virtualenv shim on the server's PATH: its packages are numpy, pandas and matplotlib
 * from Debian, installed by scripts/ensure-sandbox.sh). JavaScript is the server's own Node.
 * TypeScript is compiled to JavaScript by esbuild in the server first: Node 20 cannot strip types
 * itself, and running tsx inside the sandbox costs ~0.2 s a run (bench/README.md, "Code sandbox").
 */

export const PYTHON = '/usr/bin/python3';
/** Where a Node installed outside /usr appears inside the sandbox. */
const NODE_PREFIX_INSIDE = '/opt/node';

export interface LanguagePlan {
  scriptName: string;
  script: string;
  command: string[];
  readOnlyBinds: { source: string; target: string }[];
}

/** The Node binary inside the sandbox, and the host folder to bind when it lives outside /usr. */
export function nodeInside(execPath: string): { path: string; bind?: { source: string; target: string } } {
  if (execPath.startsWith('/usr/')) return { path: execPath };
  // nvm and the official tarballs keep bin/node beside lib/: the whole prefix goes in, read-only.
  const prefix = dirname(dirname(execPath));
  return {
    path: `${NODE_PREFIX_INSIDE}/${relative(prefix, execPath)}`,
    bind: { source: prefix, target: NODE_PREFIX_INSIDE },
  };
}

// Loaded on the first TypeScript run: the server starts without it.
let esbuild: Promise<typeof Esbuild> | undefined;

/** TypeScript to JavaScript, or the compiler's messages. Module syntax stays as written. */
async function compileTypeScript(code: string): Promise<{ js: string } | { error: string }> {
  esbuild ??= import('esbuild');
  const { transform } = await esbuild;
  try {
    const result = await transform(code, { loader: 'ts', sourcefile: 'main.ts', target: 'node20' });
    return { js: result.code };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] })
      .errors;
    if (!errors) throw error;
    return {
      error: errors
        .map((e) => `main.ts${e.location ? `:${e.location.line}:${e.location.column}` : ''}: error: ${e.text}`)
        .join('\n'),
    };
  }
}

export async function planLanguage(
  lang: SandboxLanguage,
  code: string,
  args: string[],
): Promise<LanguagePlan | { compileError: string }> {
  if (lang === 'py') {
    return {
      scriptName: 'main.py',
      script: code,
      command: [PYTHON, `${SCRIPT_DIR_INSIDE}/main.py`, ...args],
      readOnlyBinds: [],
    };
  }
  let script = code;
  if (lang === 'ts') {
    const compiled = await compileTypeScript(code);
    if ('error' in compiled) return { compileError: compiled.error };
    script = compiled.js;
  }
  const node = nodeInside(process.execPath);
  // A .js file outside any package: Node (>= 20.19) runs it as CommonJS, or as an ES module
  // when it uses import/export or top-level await.
  return {
    scriptName: 'main.js',
    script,
    command: [node.path, `${SCRIPT_DIR_INSIDE}/main.js`, ...args],
    readOnlyBinds: node.bind ? [node.bind] : [],
  };
}
