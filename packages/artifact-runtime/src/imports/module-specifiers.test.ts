import { describe, expect, it } from 'vitest';
import { findImports, resolveSpecifier, UI_COMPONENTS } from './module-specifiers';

describe('resolveSpecifier', () => {
  it('names the bundled packages as they are', () => {
    for (const name of [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'recharts',
      'lucide-react',
      'clsx',
      'tailwind-merge',
      'class-variance-authority',
    ])
      expect(resolveSpecifier(name)).toBe(name);
  });

  it('takes shadcn/ui imports in every style models write them', () => {
    for (const spec of [
      '@/components/ui/button',
      '/components/ui/button',
      'components/ui/button',
      './components/ui/button',
      '~/components/ui/button',
      '@/components/ui/button.tsx',
      'src/components/ui/button',
    ])
      expect(resolveSpecifier(spec)).toBe('ui/button');
    expect(resolveSpecifier('@/components/ui/alert-dialog')).toBe('ui/alert-dialog');
    expect(resolveSpecifier('@/lib/utils')).toBe('lib/utils');
    expect(resolveSpecifier('/lib/utils')).toBe('lib/utils');
  });

  it('has every component shadcn/ui users reach for first', () => {
    for (const name of [
      'button',
      'card',
      'input',
      'label',
      'badge',
      'tabs',
      'select',
      'dialog',
      'table',
      'progress',
      'alert',
      'separator',
      'switch',
      'checkbox',
      'textarea',
      'avatar',
      'accordion',
      'tooltip',
    ])
      expect(UI_COMPONENTS).toContain(name);
  });

  it('refuses what the runtime does not have', () => {
    for (const spec of [
      'three',
      'recharts/es6/chart',
      'react-dom/server',
      '@/components/ui/carousel',
      '@/components/ui/../../secrets',
      '../App',
      'https://esm.sh/react',
      'lodash',
    ])
      expect(resolveSpecifier(spec)).toBeNull();
  });
});

describe('findImports', () => {
  it('lists static, side-effect, re-export, dynamic and require imports with their lines', () => {
    const source = [
      "import React, { useState } from 'react';",
      'import {',
      '  Card,',
      '  CardHeader,',
      '} from "@/components/ui/card";',
      "import './styles.css';",
      "import * as Icons from 'lucide-react';",
      "export { Button } from '/components/ui/button';",
      "const lazy = import('recharts');",
      "const cn = require('clsx');",
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: 'react', line: 1, names: 'all' },
      { specifier: '@/components/ui/card', line: 2, names: ['Card', 'CardHeader'] },
      { specifier: './styles.css', line: 6, names: [] },
      { specifier: 'lucide-react', line: 7, names: 'all' },
      { specifier: '/components/ui/button', line: 8, names: ['Button'] },
      { specifier: 'recharts', line: 9, names: 'all' },
      { specifier: 'clsx', line: 10, names: 'all' },
    ]);
  });

  it('skips type-only imports and commented-out ones, keeping later lines true', () => {
    const source = [
      "import type { FC } from 'react';",
      "// import three from 'three';",
      '/* a block',
      "   import x from 'x'; */",
      "const url = '// not a comment';",
      "import { Bar } from 'recharts';",
    ].join('\n');
    expect(findImports(source)).toEqual([{ specifier: 'recharts', line: 6, names: ['Bar'] }]);
  });

  it('names what a named import takes (renamed and type-only members handled), for loading icons one by one', () => {
    const [site] = findImports("import { Rocket, Check as Tick, type LucideIcon } from 'lucide-react';");
    expect(site?.names).toEqual(['Rocket', 'Check']);
    expect(findImports("import Icons, { Rocket } from 'lucide-react';")[0]?.names).toBe('all');
  });

  it('ignores import-like text inside strings and templates', () => {
    const source = [
      'const s = "import x from \'three\'";',
      'const t = `',
      "import y from 'three'",
      '`;',
      "import { Button } from '@/components/ui/button';",
    ].join('\n');
    expect(findImports(source)).toEqual([{ specifier: '@/components/ui/button', line: 5, names: ['Button'] }]);
  });
});
