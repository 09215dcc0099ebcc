/** The provider simulator in a process of its own, as a real provider is another machine. */
import { startOpenAISimulator } from '@confab/testkit';

const tokens = Number(process.env.SIM_TOKENS ?? 100);
const delayMs = Number(process.env.SIM_DELAY_MS ?? 20);
const sim = await startOpenAISimulator();
sim.setResponder(() => ({ text: 'tok '.repeat(tokens), chunkSize: 4, delayMs }));
process.stdout.write(`${sim.url}\n`);
process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
