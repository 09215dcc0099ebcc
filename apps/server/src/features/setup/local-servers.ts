import type { DetectedLocalServer } from '@confab/shared';
import { z } from 'zod';

type LocalServerKind = DetectedLocalServer['kind'];

/** A found server before it is compared with the endpoints chats already use. */
export type FoundLocalServer = Omit<DetectedLocalServer, 'isAdded'>;

/** The model servers people run on their own machine, on the ports they listen on by default. */
export const LOCAL_SERVER_DEFAULTS: Record<LocalServerKind, { label: string; port: number }> = {
  ollama: { label: 'Ollama', port: 11434 },
  lmstudio: { label: 'LM Studio', port: 1234 },
  llamacpp: { label: 'llama.cpp', port: 8080 },
  vllm: { label: 'vLLM', port: 8000 },
};

/** A port that answers at all answers loopback within a few milliseconds; a closed one refuses at once. */
export const LOCAL_PROBE_TIMEOUT_MS = 800;

export interface LocalProbeOptions {
  /** The host probed, 127.0.0.1 unless LOCAL_SERVER_HOST says otherwise (a Docker host, say). */
  host: string;
  /** Other ports than the defaults (tests; a server moved to another port). */
  ports?: Partial<Record<LocalServerKind, number>>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const ollamaTags = z.object({ models: z.array(z.object({ name: z.string() })) });
const openAIModels = z.object({ data: z.array(z.object({ id: z.string(), owned_by: z.string().optional() })) });

async function getJson(url: string, options: LocalProbeOptions): Promise<unknown> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs ?? LOCAL_PROBE_TIMEOUT_MS);
  const res = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

/**
 * The OpenAI-compatible base URL to offer: the very host that answered the probe (127.0.0.1 by
 * default) rather than "localhost", which Node may resolve to ::1 first while Ollama and
 * llama.cpp listen on IPv4 only, and which would be wrong when LOCAL_SERVER_HOST names another
 * machine (Confab in Docker, the model server on its host).
 */
function openAIBaseURL(host: string, port: number): string {
  return `${originOf(host, port)}/v1`;
}

/** An IPv6 host (LOCAL_SERVER_HOST=::1) goes in brackets. */
function originOf(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** Ollama proves itself with /api/tags (its own API); chats use its OpenAI-compatible /v1. */
async function probeOllama(port: number, options: LocalProbeOptions): Promise<FoundLocalServer | undefined> {
  const origin = originOf(options.host, port);
  const tags = ollamaTags.safeParse(await getJson(`${origin}/api/tags`, options));
  if (!tags.success) return undefined;
  return {
    kind: 'ollama',
    label: LOCAL_SERVER_DEFAULTS.ollama.label,
    baseURL: openAIBaseURL(options.host, port),
    models: tags.data.models.map((model) => model.name),
  };
}

/**
 * LM Studio, llama.cpp's server and vLLM all answer /v1/models. The port says which one is
 * expected; llama.cpp and vLLM also sign their models ("owned_by"), which wins when they run
 * on each other's port.
 */
async function probeOpenAICompatible(
  kind: Exclude<LocalServerKind, 'ollama'>,
  port: number,
  options: LocalProbeOptions,
): Promise<FoundLocalServer | undefined> {
  const list = openAIModels.safeParse(await getJson(`${originOf(options.host, port)}/v1/models`, options));
  if (!list.success) return undefined;
  const owner = list.data.data[0]?.owned_by;
  const actualKind: LocalServerKind = owner === 'llamacpp' ? 'llamacpp' : owner === 'vllm' ? 'vllm' : kind;
  return {
    kind: actualKind,
    label: LOCAL_SERVER_DEFAULTS[actualKind].label,
    baseURL: openAIBaseURL(options.host, port),
    models: list.data.data.map((model) => model.id),
  };
}

/**
 * Looks for Ollama, LM Studio, a llama.cpp server and vLLM on their ports, all at once, each
 * given {@link LOCAL_PROBE_TIMEOUT_MS}: nothing listening answers in milliseconds, so an
 * empty machine is probed almost instantly. Never throws; a port that answers something else
 * is simply not a model server.
 *
 * @example
 * const found = await probeLocalServers({ host: '127.0.0.1' });
 * // [{ kind: 'ollama', label: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', models: ['llama3.2:1b'] }]
 */
export async function probeLocalServers(options: LocalProbeOptions): Promise<FoundLocalServer[]> {
  const portOf = (kind: LocalServerKind) => options.ports?.[kind] ?? LOCAL_SERVER_DEFAULTS[kind].port;
  const probes = [
    probeOllama(portOf('ollama'), options),
    probeOpenAICompatible('lmstudio', portOf('lmstudio'), options),
    probeOpenAICompatible('llamacpp', portOf('llamacpp'), options),
    probeOpenAICompatible('vllm', portOf('vllm'), options),
  ];
  const settled = await Promise.allSettled(probes);
  return settled.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * A base URL reduced to what identifies the server: loopback names are one, the scheme and
 * host's case, trailing slashes and a final /v1 do not matter ("http://localhost:11434/v1/"
 * and "http://127.0.0.1:11434" are the same Ollama).
 */
export function normaliseBaseURL(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.trim().toLowerCase();
  }
  const host = LOOPBACK_HOSTS.has(parsed.hostname) ? 'loopback' : parsed.hostname;
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${parsed.protocol}//${host}:${port}${path}`;
}

/** The found servers, each marked as added when an endpoint already reaches it. */
export function markAdded(found: FoundLocalServer[], knownBaseURLs: string[]): DetectedLocalServer[] {
  const known = new Set(knownBaseURLs.map(normaliseBaseURL));
  return found.map((server) => ({ ...server, isAdded: known.has(normaliseBaseURL(server.baseURL)) }));
}

/** Keeps the last probe's result; concurrent probes share one run. */
export class LocalServerDetector {
  private found: FoundLocalServer[] = [];
  private probedAt: string | null = null;
  private running: Promise<void> | undefined;

  constructor(private readonly options: LocalProbeOptions) {}

  /** Probes now (or joins the probe already running). */
  probe(): Promise<void> {
    this.running ??= probeLocalServers(this.options)
      .then((found) => {
        this.found = found;
        this.probedAt = new Date().toISOString();
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  hasProbed(): boolean {
    return this.probedAt !== null;
  }

  latest(): { found: FoundLocalServer[]; probedAt: string | null } {
    return { found: this.found, probedAt: this.probedAt };
  }
}
