import { defineConfig } from 'vitest/config';

// A test asserts behaviour; its timeout only catches a hang. Vitest's 5 s default caught a busy
// machine instead (CI shares its CPUs), so every project gets room.
const ROOMY = { testTimeout: 20_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], ...ROOMY } },
      { test: { name: 'testkit', include: ['packages/testkit/src/**/*.test.ts'], ...ROOMY } },
      { test: { name: 'artifact-runtime', include: ['packages/artifact-runtime/src/**/*.test.ts'], ...ROOMY } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], ...ROOMY } },
    ],
  },
});
