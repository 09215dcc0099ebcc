import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The artifact preview runtime, built into the web app's dist/ (so one folder deploys both) and
 * served by the server under /artifact-runtime/ with its own headers (platform/artifact-runtime-serving.ts).
 */
/**
 * `virtual:lucide-icons`: each name lucide-react exports for an icon (aliases too), mapped to a
 * loader of that icon's own module, read from the package's export list at build time. Each icon
 * becomes a chunk of its own (~1 KB), so an artifact loads only the icons it names.
 */
function lucideIcons(): Plugin {
  const id = 'virtual:lucide-icons';
  return {
    name: 'confab-lucide-icons',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const require = createRequire(import.meta.url);
      const esm = join(dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs');
      const loaders: string[] = [];
      const entries: string[] = [];
      const pattern = /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';/g;
      for (const [, names, file] of readFileSync(esm, 'utf8').matchAll(pattern)) {
        for (const name of names!.matchAll(/default as (\w+)/g)) entries.push(`${name[1]}:${loaders.length}`);
        loaders.push(`()=>import('lucide-react/icons/${file}')`);
      }
      if (loaders.length < 1000)
        throw new Error(`lucide-react's export list changed shape (${loaders.length} icons found)`);
      // The package's other exports (createLucideIcon, Icon, icons, the context): these need the whole package.
      const helpers = [...readFileSync(esm, 'utf8').matchAll(/export \{([^}]+)\} from '\.\/(?!icons\/)[\w-]+\.mjs';/g)]
        .flatMap(([, names]) =>
          names!.split(',').map((name) =>
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          ),
        )
        .concat('icons');
      return [
        `const loaders = [${loaders.join(',')}];`,
        `const names = {${entries.join(',')}};`,
        'export const iconLoaders = Object.fromEntries(Object.entries(names).map(([name, index]) => [name, loaders[index]]));',
        `export const helperNames = ${JSON.stringify(helpers)};`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [lucideIcons()],
  root: here,
  base: '/artifact-runtime/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../../apps/web/dist/artifact-runtime', import.meta.url)),
    emptyOutDir: true,
    // No inlined data: URLs: every chunk is a file the server can cache for a year.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 4000,
    modulePreload: false,
    rolldownOptions: { input: fileURLToPath(new URL('frame.html', import.meta.url)) },
  },
});
