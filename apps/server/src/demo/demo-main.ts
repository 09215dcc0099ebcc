/**
 * `npm run demo`: the same server as `npm start`, with a "Demo (simulated)" endpoint served by
 * the testkit simulator in this process, so every screen can be seen without a key. Nothing of
 * the user's is written: the data (a SQLite database) goes to DATA_DIR from the shell, else
 * ./data-demo, and the configuration is generated there from the user's config.yaml.
 */
import dotenv from 'dotenv';
import { prepareDemo } from './start-demo.js';
import { DEMO_ENDPOINT_NAME } from './demo-replies.js';

// .env is read aside (not into process.env yet): its CONFIG_PATH names the user's config, but
// its DATA_DIR, DATABASE_URL and REDIS_URI are the real instance's, which the demo leaves alone.
const fromDotenv: Record<string, string> = {};
dotenv.config({ path: process.env.DOTENV_CONFIG_PATH, processEnv: fromDotenv, quiet: true });

const dataDir = process.env.DATA_DIR ?? './data-demo';
const userConfigPath = process.env.CONFIG_PATH ?? fromDotenv.CONFIG_PATH ?? './config.yaml';
const demo = await prepareDemo({ dataDir, userConfigPath });

// Set before main.ts loads .env, which never overrides a variable already set.
process.env.DATA_DIR = dataDir;
process.env.CONFIG_PATH = demo.configPath;
process.env.DATABASE_URL = '';
process.env.REDIS_URI = '';

console.log(
  [
    '',
    `  Confab demo: the "${DEMO_ENDPOINT_NAME}" endpoint answers from a simulator (no key, no model).`,
    '  Send it any message to see the markers that make it think, fail or call a tool.',
    `  Data: ${dataDir} (the first account registered is its administrator). Config: ${demo.configPath}`,
    '',
  ].join('\n'),
);

await import('../main.js');
