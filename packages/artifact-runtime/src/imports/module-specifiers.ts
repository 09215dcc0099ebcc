/**
 * Which import an artifact may use, and what it names in the runtime's module registry.
 *
 * Models write shadcn/ui imports three ways (LibreChat's instructions say `/components/ui/x`,
 * shadcn's own docs say `@/components/ui/x`, some drop the slash); all of them name one module.
 */

/** The registry's own names: the npm packages bundled into the runtime, and our shadcn/ui port. */
export const PACKAGE_MODULES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'recharts',
  'lucide-react',
  'clsx',
  'tailwind-merge',
  'class-variance-authority',
] as const;

/** shadcn/ui components the runtime ships, by their file name in a shadcn project. */
export const UI_COMPONENTS = [
  'accordion',
  'alert',
  'alert-dialog',
  'aspect-ratio',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'collapsible',
  'dialog',
  'dropdown-menu',
  'hover-card',
  'input',
  'label',
  'popover',
  'progress',
  'radio-group',
  'scroll-area',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'slider',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toggle',
  'tooltip',
] as const;

export type UiComponentName = (typeof UI_COMPONENTS)[number];
const uiNames = new Set<string>(UI_COMPONENTS);
const packageNames = new Set<string>(PACKAGE_MODULES);

/** A project-relative path as models write it: `@/x`, `/x`, `./x`, `~/x` or bare `x`, extension optional. */
function projectPath(specifier: string): string | null {
  const match = /^(?:@\/|~\/|\/|\.\/|src\/)?(components\/ui\/[\w-]+|lib\/utils)(?:\.(?:tsx?|jsx?))?$/.exec(specifier);
  return match?.[1] ?? null;
}

/**
 * The registry name an import resolves to, or null when the runtime does not have it.
 * Package names are exact (a subpath such as `recharts/es6/x` is not offered).
 */
export function resolveSpecifier(specifier: string): string | null {
  const spec = specifier.trim();
  if (packageNames.has(spec)) return spec;
  const path = projectPath(spec);
  if (path === 'lib/utils') return 'lib/utils';
  if (path?.startsWith('components/ui/')) {
    const name = path.slice('components/ui/'.length);
    return uiNames.has(name) ? `ui/${name}` : null;
  }
  return null;
}

export interface ImportSite {
  specifier: string;
  /** 1-based line of the import in the artifact's source. */
  line: number;
  /**
   * The names it takes (`import { A, B as C }` gives A and B), or 'all' when it may use any
   * (a namespace or default import, `import()`, `require`). A bare `import 'x'` takes none.
   */
  names: string[] | 'all';
}

/**
 * Every module the source imports (static `import ... from`, bare `import '...'`, `export ... from`,
 * `import('...')` and `require('...')`), in order, with its line. Comments are blanked first so a
 * commented-out import neither loads nor fails; line breaks are kept so lines stay true.
 */
export function findImports(source: string): ImportSite[] {
  const code = blankComments(source);
  const pattern =
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"'\n]+)["']|\b(?:import|require)\s*\(\s*["']([^"'\n]+)["']\s*\)/g;
  const sites: ImportSite[] = [];
  for (const match of code.matchAll(pattern)) {
    // `import type ... from` is erased by the transpiler: nothing to load.
    if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
    const specifier = match[1] ?? match[2];
    if (specifier === undefined) continue;
    sites.push({ specifier, line: lineAt(code, match.index ?? 0), names: importedNames(match[0]) });
  }
  return sites;
}

/** What one import statement takes from its module (see ImportSite.names). */
function importedNames(statement: string): string[] | 'all' {
  if (!/^(?:import|export)\s/.test(statement)) return 'all';
  const clause = /^(?:import|export)\s+([\s\S]*?)\s+from\s/.exec(statement)?.[1];
  if (clause === undefined) return [];
  const braces = /\{([^}]*)\}/.exec(clause);
  // Anything outside the braces is a default or namespace binding.
  if (clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') !== '') return 'all';
  return (
    (braces?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      // `{ type X }` is erased by the transpiler: nothing to load.
      .filter((part) => !/^type\s/.test(part))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim())
      .filter((name) => /^[\w$]+$/.test(name))
  );
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Blanks comments and the text of strings and templates (keeping newlines, so lines stay true),
 * except a string that names a module (after `from`, `import` or `require(`): an artifact that
 * shows code in a string must not have that code's imports loaded.
 */
function blankComments(source: string): string {
  let out = '';
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) out += source[k] === '\n' ? '\n' : ' ';
  };
  while (i < source.length) {
    const ch = source[i]!;
    const next = source[i + 1];
    if (ch === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      const start = i++;
      while (i < source.length && source[i] !== ch && !(ch !== '`' && source[i] === '\n'))
        i += source[i] === '\\' ? 2 : 1;
      i = Math.min(i + 1, source.length);
      const namesModule = ch !== '`' && /(?:\bfrom|\bimport|\b(?:import|require)\s*\()\s*$/.test(out);
      if (namesModule) out += source.slice(start, i);
      else {
        out += ch;
        blank(start + 1, i);
      }
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}
