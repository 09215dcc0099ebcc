import { ArtifactError } from '../frame/artifact-error';
import type { ImportSite } from './module-specifiers';

/**
 * lucide-react is ~2,000 icons (860 KB): an artifact that names its icons (`import { Rocket } from
 * 'lucide-react'`, nearly all do) loads just those, each its own small chunk. One that takes the
 * whole set (`import * as Icons`) or a helper (createLucideIcon, Icon) loads the package.
 */
const icons = new Map<string, unknown>();
let whole: Record<string, unknown> | null = null;

/** Loads what these lucide-react imports take; an icon lucide does not have fails at its line. */
export async function loadLucide(sites: ImportSite[]): Promise<void> {
  // The name → chunk map (~5,000 names) is a chunk of its own, loaded by the first artifact that uses lucide.
  const { iconLoaders, helperNames } = await import('virtual:lucide-icons');
  const names = new Set<string>();
  let needsWhole = false;
  for (const site of sites) {
    if (site.names === 'all') needsWhole = true;
    else for (const name of site.names) names.add(name);
  }
  for (const name of names) {
    if (name in iconLoaders) continue;
    if (helperNames.includes(name)) {
      needsWhole = true;
      continue;
    }
    // Models invent icon names; say which one, where, instead of React's "element type is invalid".
    const line = sites.find((site) => site.names !== 'all' && site.names.includes(name))?.line;
    throw new ArtifactError(`lucide-react has no icon named ${name}`, line);
  }
  if (needsWhole) {
    whole ??= (await import('lucide-react')) as unknown as Record<string, unknown>;
    return;
  }
  await Promise.all(
    [...names]
      .filter((name) => !icons.has(name))
      .map(async (name) => icons.set(name, (await iconLoaders[name]!()).default)),
  );
}

/** What `require('lucide-react')` gives: the whole package once loaded, else the icons loaded so far. */
export function lucideModule(): Record<string, unknown> {
  return whole ?? Object.fromEntries(icons);
}
