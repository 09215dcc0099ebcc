/**
 * The OpenAI simulator scripted for a tool loop, in a process of its own: each request calls the
 * tool `ping` until the request carries SIM_TOOL_STEPS - 1 tool results, then answers in text. So
 * every chat is SIM_TOOL_STEPS model calls, whoever runs the loop. A message saying "no tools" is
 * answered at once (one model call: the chat's fixed cost, without a loop).
 */
import { startOpenAISimulator, toolResultsOf } from '@confab/testkit';

const steps = Number(process.env.SIM_TOOL_STEPS ?? 10);
const sim = await startOpenAISimulator({ recordRequests: false });
const lastUserText = (request: { messages: { role: string; content?: unknown }[] }) =>
  JSON.stringify(request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');
sim.setResponder((request) =>
  !lastUserText(request).includes('no tools') && toolResultsOf(request).length < steps - 1
    ? { text: 'Checking. ', toolCalls: [{ name: 'ping', args: { n: toolResultsOf(request).length } }] }
    : { text: 'Done after the loop.' },
);
process.stdout.write(`${sim.url}\n`);
process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
