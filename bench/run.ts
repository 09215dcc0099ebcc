/**
 * `npm run bench`: every benchmark, printed as tables and written to bench/results/*.json.
 * Pick some with BENCH=streaming,convos,files,agents,memes,meme-animated,meme-canvas,speech,sandbox,browser,bundle,artifacts,web-search.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { runAgentsBench } from './agents.bench.js';
import { runArtifactsBench } from './artifacts.bench.js';
import { runBundleReport } from './bundle-report.js';
import { runBrowserBench } from './browser.bench.js';
import { runConvosBench } from './convos.bench.js';
import { runFilesBench } from './files.bench.js';
import { runMemeAnimatedBench } from './meme-animated.bench.js';
import { runMemeCanvasBench } from './meme-canvas.bench.js';
import { runMemeImageBench } from './meme-image.bench.js';
import { runMemeVideoBench } from './meme-video.bench.js';
import { runSandboxBench } from './sandbox.bench.js';
import { runSpeechBench } from './speech.bench.js';
import { runStreamingBench } from './streaming.bench.js';
import { runWebSearchBench } from './web-search.bench.js';

const selected = (
  process.env.BENCH ??
  'streaming,convos,files,agents,memes,meme-animated,meme-canvas,speech,sandbox,browser,bundle,artifacts,web-search'
).split(',');
const benches: Record<string, () => Promise<{ rows: Record<string, unknown>[] }>> = {
  streaming: runStreamingBench,
  convos: runConvosBench,
  files: runFilesBench,
  agents: runAgentsBench,
  memes: async () => ({ rows: [...(await runMemeImageBench()).rows, ...(await runMemeVideoBench()).rows] }),
  'meme-animated': runMemeAnimatedBench,
  'meme-canvas': runMemeCanvasBench,
  speech: runSpeechBench,
  sandbox: runSandboxBench,
  bundle: runBundleReport,
  browser: runBrowserBench,
  artifacts: runArtifactsBench,
  'web-search': runWebSearchBench,
};

const outDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
for (const name of selected) {
  const bench = benches[name];
  if (!bench) throw new Error(`Unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
  console.log(`\n# ${name}`);
  const result = await bench();
  console.table(result.rows);
  writeFileSync(`${outDir}${name}.json`, JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2));
}
