/**
 * Starts a testkit simulator for manual demos and benchmarks.
 *
 * @example
 * node --import tsx packages/testkit/src/cli.ts openai --port 4010 --api-key sk-demo --delay-ms 30
 */
import { parseArgs } from 'node:util';
import { startOpenAISimulator } from './openai-simulator.js';

const USAGE = `Usage: cli.ts openai [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--delay-ms N] [--chunk-size N] [--text TEXT]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string' },
    'delay-ms': { type: 'string' },
    'chunk-size': { type: 'string' },
    text: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const optionalNumber = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);

if (values.help || positionals[0] !== 'openai') {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const simulator = await startOpenAISimulator({
  port: Number(values.port),
  host: values.host,
  apiKey: values['api-key'],
  // Long demos would otherwise keep every request body in memory.
  recordRequests: false,
  defaults: {
    delayMs: optionalNumber(values['delay-ms']),
    chunkSize: optionalNumber(values['chunk-size']),
    text: values.text,
  },
});
console.log(`OpenAI simulator listening on ${simulator.url}`);

const stop = (): void => {
  simulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
