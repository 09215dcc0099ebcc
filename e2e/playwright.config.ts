import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3181);

/**
 * Browser tests run the built app on the embedded defaults (SQLite in a fresh temp folder)
 * with the testkit provider simulator, driving Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test that fails is run once more (CI shares its machine with other jobs, and a loaded machine
  // misses waits a quiet one meets); it then counts as flaky, and npm test's summary line names how
  // many were, so an intermittent fault still shows. PW_RETRIES=0 turns it off.
  retries: Number(process.env.PW_RETRIES ?? 1),
  // The JSON report (path from PLAYWRIGHT_JSON_OUTPUT_FILE) feeds npm test's summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node --import tsx e2e/start-e2e-server.ts`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
