import { transform } from 'sucrase';
import { loadModules, loadedModule } from '../imports/module-registry';
import { loadLucide, lucideModule } from '../imports/lucide-icons';
import { type ImportSite, findImports, resolveSpecifier } from '../imports/module-specifiers';
import { ARTIFACT_SOURCE_URL, ArtifactError } from './artifact-error';

/** Stylesheet imports mean nothing here (Tailwind is compiled in the page): they load as empty modules. */
const STYLE_IMPORT = /\.(?:css|scss|sass|less)$/;
const BASE_MODULES = ['react', 'react/jsx-runtime'];

const interopCache = new WeakMap<object, Record<string, unknown>>();

/**
 * What `require` hands the transpiled code: the module's names plus a `default` (the CommonJS
 * exports object for React, the namespace for ES modules), flagged `__esModule` so the
 * transpiler's interop helpers take it as it is.
 */
function interop(namespace: Record<string, unknown>): Record<string, unknown> {
  let value = interopCache.get(namespace);
  if (!value) {
    value = { ...namespace, default: namespace.default ?? namespace, __esModule: true };
    interopCache.set(namespace, value);
  }
  return value;
}

function requireModule(specifier: string): unknown {
  if (STYLE_IMPORT.test(specifier)) return {};
  const name = resolveSpecifier(specifier);
  const namespace = name === 'lucide-react' ? lucideModule() : name ? loadedModule(name) : undefined;
  if (!namespace) throw new Error(`Cannot find module '${specifier}'`);
  return interop(namespace);
}

/** TypeScript + JSX to CommonJS; Sucrase keeps every line where it was, so errors point at the source. */
export function transpile(source: string): string {
  try {
    return transform(source, {
      transforms: ['typescript', 'jsx', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
      filePath: ARTIFACT_SOURCE_URL,
    }).code;
  } catch (error) {
    const loc = (error as { loc?: { line?: number } }).loc;
    const message = (error as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new ArtifactError(message, loc?.line);
  }
}

/** Loads the modules the source imports; an import the runtime does not have fails with its line. */
export async function loadImports(source: string): Promise<void> {
  const names = [...BASE_MODULES];
  const lucideSites: ImportSite[] = [];
  for (const site of findImports(source)) {
    if (STYLE_IMPORT.test(site.specifier)) continue;
    const name = resolveSpecifier(site.specifier);
    if (!name) throw new ArtifactError(`The module '${site.specifier}' is not available in this preview`, site.line);
    if (name === 'lucide-react') lucideSites.push(site);
    else names.push(name);
  }
  await Promise.all([loadModules(names), lucideSites.length ? loadLucide(lucideSites) : undefined]);
}

/** Runs the transpiled module and returns its exports. */
export function evaluate(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const run = new Function('require', 'module', 'exports', `${code}\n//# sourceURL=${ARTIFACT_SOURCE_URL}`);
  run(requireModule, module, module.exports);
  return module.exports;
}

/** The component to render: the default export, else an export named App, else the only function exported. */
export function pickComponent(exports: Record<string, unknown>): unknown {
  const candidates = [exports.default, exports.App];
  for (const candidate of candidates) if (isComponent(candidate)) return candidate;
  const functions = Object.entries(exports).filter(([key, value]) => key !== '__esModule' && isComponent(value));
  if (functions.length === 1) return functions[0]![1];
  throw new ArtifactError('The artifact has no component to show: export it as the default export');
}

function isComponent(value: unknown): boolean {
  // Function components, and the objects React.memo / forwardRef / lazy return.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}
