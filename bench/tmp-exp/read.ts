import { createOpenAI } from '@ai-sdk/openai';
import { createParser } from 'eventsource-parser';
import http from 'node:http';
import OpenAI from '/tmp/oai/node_modules/openai/index.mjs';
import { request as undiciRequest, Agent } from '../../apps/server/node_modules/undici/index.js';
import { startSimulatorProcess } from '../lib/simulator-process.js';

const N = Number(process.env.N ?? 200);
const SECONDS = 8;
const sim = await startSimulatorProcess({ tokens: 100, delayMs: 20 });
const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });

async function viaSdk(): Promise<number> {
  const model = createOpenAI({ apiKey: 'sk-bench', baseURL: sim.url }).chat('gpt-4o-mini');
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  let n = 0;
  for await (const part of stream as unknown as AsyncIterable<{ type: string }>) if (part.type === 'text-delta') n++;
  return n;
}
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1000 });
async function viaUndici(): Promise<number> {
  const res = await undiciRequest(`${sim.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' }, body, dispatcher: agent });
  let n = 0;
  const parser = createParser({ onEvent(e) { if (e.data === '[DONE]') return; const j = JSON.parse(e.data); if (j.choices?.[0]?.delta?.content) n++; } });
  const dec = new TextDecoder();
  for await (const chunk of res.body) parser.feed(dec.decode(chunk as Buffer, { stream: true }));
  return n;
}
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
function viaHttp(): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${sim.url}/chat/completions`);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent: httpAgent, headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' } }, (res) => {
      let n = 0;
      const parser = createParser({ onEvent(e) { if (e.data === '[DONE]') return; const j = JSON.parse(e.data); if (j.choices?.[0]?.delta?.content) n++; } });
      res.setEncoding('utf8');
      res.on('data', (c: string) => parser.feed(c));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
async function viaFetch(): Promise<number> {
  const res = await fetch(`${sim.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' }, body });
  let n = 0;
  const parser = createParser({ onEvent(e) { if (e.data === '[DONE]') return; const j = JSON.parse(e.data); if (j.choices?.[0]?.delta?.content) n++; } });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return n;
}
async function viaOpenAI(): Promise<number> {
  const client = new OpenAI({ apiKey: 'sk-bench', baseURL: sim.url, maxRetries: 0 });
  const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
  let n = 0;
  for await (const c of stream) if (c.choices[0]?.delta?.content) n++;
  return n;
}
const only = process.env.ONLY?.split(',');
for (const [name, fn] of ([['sdk', viaSdk], ['openai', viaOpenAI], ['fetch', viaFetch], ['undici', viaUndici], ['http', viaHttp]] as const).filter(([n]) => !only || only.includes(n))) {
  await Promise.all(Array.from({ length: 20 }, fn));
  const cpu0 = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  let chunks = 0, streams = 0;
  await Promise.all(Array.from({ length: N }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i / N) * 2000));
    while (performance.now() < end) { const k = await fn(); chunks += k; streams++; }
  }));
  const c = process.cpuUsage(cpu0);
  const ms = (c.user + c.system) / 1000;
  console.log(name, { streams, chunks, cpuMs: Math.round(ms), usPerChunk: +(1000 * ms / chunks).toFixed(1), msPerStream: +(ms / streams).toFixed(2) });
}
await sim.stop();
