import type { UiComponentName } from './module-specifiers';

/**
 * The modules an artifact can import, each a lazy chunk: an artifact pays only for what it imports
 * (lucide's icon set or recharts are loaded the first time one asks for them, then kept).
 */
type Loader = () => Promise<Record<string, unknown>>;

const uiLoaders: Record<UiComponentName, Loader> = {
  accordion: () => import('../ui/accordion'),
  alert: () => import('../ui/alert'),
  'alert-dialog': () => import('../ui/alert-dialog'),
  'aspect-ratio': () => import('../ui/aspect-ratio'),
  avatar: () => import('../ui/avatar'),
  badge: () => import('../ui/badge'),
  button: () => import('../ui/button'),
  card: () => import('../ui/card'),
  checkbox: () => import('../ui/checkbox'),
  collapsible: () => import('../ui/collapsible'),
  dialog: () => import('../ui/dialog'),
  'dropdown-menu': () => import('../ui/dropdown-menu'),
  'hover-card': () => import('../ui/hover-card'),
  input: () => import('../ui/input'),
  label: () => import('../ui/label'),
  popover: () => import('../ui/popover'),
  progress: () => import('../ui/progress'),
  'radio-group': () => import('../ui/radio-group'),
  'scroll-area': () => import('../ui/scroll-area'),
  select: () => import('../ui/select'),
  separator: () => import('../ui/separator'),
  sheet: () => import('../ui/sheet'),
  skeleton: () => import('../ui/skeleton'),
  slider: () => import('../ui/slider'),
  switch: () => import('../ui/switch'),
  table: () => import('../ui/table'),
  tabs: () => import('../ui/tabs'),
  textarea: () => import('../ui/textarea'),
  toggle: () => import('../ui/toggle'),
  tooltip: () => import('../ui/tooltip'),
};

const loaders: Record<string, Loader> = {
  react: () => import('react'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  // Models sometimes write the development runtime's name; the production one has the same calls.
  'react/jsx-dev-runtime': () => import('./jsx-dev-runtime'),
  recharts: () => import('recharts'),
  'lucide-react': () => import('lucide-react'),
  clsx: () => import('clsx'),
  'tailwind-merge': () => import('tailwind-merge'),
  'class-variance-authority': () => import('class-variance-authority'),
  'lib/utils': () => import('../lib/utils'),
  ...Object.fromEntries(Object.entries(uiLoaders).map(([name, load]) => [`ui/${name}`, load])),
};

const loaded = new Map<string, Record<string, unknown>>();

/** Loads the named registry modules (names from resolveSpecifier); resolves when all are ready. */
export async function loadModules(names: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      if (loaded.has(name)) return;
      const load = loaders[name];
      if (!load) throw new Error(`No module named ${name}`);
      loaded.set(name, await load());
    }),
  );
}

/** A loaded module's namespace, for the artifact's synchronous `require`. */
export function loadedModule(name: string): Record<string, unknown> | undefined {
  return loaded.get(name);
}

export function hasLoader(name: string): boolean {
  return name in loaders;
}
