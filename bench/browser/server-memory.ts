/**
 * The server's resident memory (VmRSS), idle and under the streaming benchmark's load: 500 chats
 * in flight through POST /api/ask/openAI, each a 100-token reply at 50 tokens/s from the
 * simulator's own process, run by the streaming benchmark's `runLevel` (its warm-up, then its
 * measured window). RSS is sampled every 200 ms over the whole level.
 */
import { registerUser } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import { readStream, runLevel, serverTokens, type Chat } from '../streaming.bench.js';
import { residentMb } from './server.js';

const SAMPLE_MS = 200;
/** Idle: read after this long without requests, so the last ones' garbage has had its collection. */
const SETTLE_MS = 3000;

export async function idleResidentMb(pid: number | undefined): Promise<number> {
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return residentMb(pid);
}

export interface LoadedMemory {
  streams: number;
  peakMb: number;
  medianMb: number;
  tokensPerSecond: number;
  failed: number;
}

export async function residentUnderStreams(
  server: { baseUrl: string; pid: number | undefined },
  simulatorPid: number | undefined,
  concurrent: number,
): Promise<LoadedMemory> {
  const token = await registerUser(server.baseUrl);
  const init = {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: 'hi', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null }),
  };
  const chat: Chat = (onTokens) => readStream(`${server.baseUrl}/api/ask/openAI`, init, serverTokens, onTokens);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(residentMb(server.pid)), SAMPLE_MS);
  try {
    const level = await runLevel(concurrent, chat, server.pid, simulatorPid);
    return {
      streams: level.streams,
      peakMb: Math.max(...samples),
      medianMb: median(samples),
      tokensPerSecond: round(level.tokensPerSecond, 0),
      failed: level.failed,
    };
  } finally {
    clearInterval(sampler);
  }
}
