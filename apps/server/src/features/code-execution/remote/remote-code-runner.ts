import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mimeOfFileName } from '../../../platform/sandbox/mime.js';
import { readCapped } from '../../../platform/read-capped.js';
import {
  CodeRunError,
  type CodeLanguage,
  type CodeRunner,
  type CodeRunnerStatus,
  type CodeRunProducedFile,
  type CodeRunRequest,
  type CodeRunResult,
} from '../code-runner.js';
import { CodeApiClient, type CodeApiCall, type CodeEnvFile } from './code-api-client.js';

/** LibreChat's value of LIBRECHAT_CODE_API_KEY that leaves the key to each user. */
export const USER_PROVIDED = 'user_provided';

/** Every language LibreChat's Code Interpreter API runs. */
const REMOTE_LANGUAGES: CodeLanguage[] = ['py', 'js', 'ts', 'c', 'cpp', 'java', 'php', 'rs', 'go', 'd', 'f90', 'r'];

/** The service's reasons for ending a run early, in the words of the local sandbox's limits. */
const LIMIT_WORDS: Record<string, string> = {
  'Time limit exceeded': 'wall time',
  'Execution failed or timed out': 'wall time',
  'Out of memory': 'memory',
  'stdout length exceeded': 'output size',
  'stderr length exceeded': 'output size',
};

export interface RemoteCodeRunnerOptions {
  /** The service's base URL, without a trailing slash (LIBRECHAT_CODE_BASEURL). */
  baseURL: string;
  /** The server's key, or `user_provided`: each run then brings the user's (CodeRunRequest.userApiKey). */
  apiKey: string;
  /**
   * How requests go out. The base URL is the administrator's, so the plain fetch: a URL a user
   * supplied would come with the egress-guarded one (platform/egress createGuardedFetch).
   */
  fetch?: typeof fetch;
  /** How long a conversation's files are remembered for its next run (and produced files' expiresAt). */
  sessionTtlMs?: number;
  /** Bytes of one input or produced file; a larger produced file is left out, a larger input refused. */
  maxFileBytes?: number;
  /** Longest one call to the service may take. */
  timeoutMs?: number;
}

/** What one user's conversation has on the service: its uploads (by the user's file id) and its files by name. */
interface RemoteSession {
  sessionId?: string;
  uploads: Map<string, CodeEnvFile>;
  files: Map<string, CodeEnvFile>;
  usedAt: number;
}

const MAX_SESSIONS = 5_000;

/**
 * The CodeRunner that sends runs to LibreChat's Code Interpreter API (issue 37). A conversation's
 * files carry over between runs as LibreChat's do: the earlier runs' files (and the uploads) go
 * with each exec as `files`, so the service mounts them again. Produced files are fetched from the
 * service when the run answers, since it keeps them only for a while.
 */
export function createRemoteCodeRunner(options: RemoteCodeRunnerOptions): CodeRunner {
  const client = new CodeApiClient(options.baseURL, options.fetch ?? ((input, init) => fetch(input, init)));
  const userProvided = options.apiKey === USER_PROVIDED;
  const sessionTtlMs = options.sessionTtlMs ?? 60 * 60 * 1000;
  const maxFileBytes = options.maxFileBytes ?? 50 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const sessions = new Map<string, RemoteSession>();

  /** Sessions are per user, conversation and key: another key is another account on the service. */
  function sessionFor(request: CodeRunRequest, apiKey: string): RemoteSession {
    const now = Date.now();
    for (const [key, session] of sessions) {
      if (now - session.usedAt > sessionTtlMs || sessions.size > MAX_SESSIONS) sessions.delete(key);
    }
    const key = createHash('sha256').update(`${request.userId}\0${request.conversationId}\0${apiKey}`).digest('hex');
    const session = sessions.get(key) ?? { uploads: new Map(), files: new Map(), usedAt: now };
    // Re-inserted on use, so the map's order is least recently used first.
    sessions.delete(key);
    sessions.set(key, session);
    session.usedAt = now;
    return session;
  }

  function forget(session: RemoteSession): void {
    session.files.clear();
    session.uploads.clear();
    delete session.sessionId;
  }

  async function produced(file: CodeEnvFile, call: CodeApiCall): Promise<CodeRunProducedFile | undefined> {
    const data = await client.download(file, maxFileBytes, call);
    if (!data) return undefined;
    return {
      name: file.name,
      size: data.length,
      mime: mimeOfFileName(file.name),
      read: () => Promise.resolve(Readable.from([data])),
    };
  }

  async function run(request: CodeRunRequest, call: CodeApiCall): Promise<CodeRunResult> {
    const session = sessionFor(request, call.apiKey);
    for (const file of request.files ?? []) {
      const known = session.uploads.get(file.fileId);
      if (known) {
        session.files.set(file.name, { ...known, name: file.name });
        continue;
      }
      const data = await readCapped(await file.read(), maxFileBytes);
      if (!data) throw new CodeRunError('failed', `${file.name} is too large to run code with`);
      const uploaded = await client.upload({ name: file.name, data }, call);
      session.uploads.set(file.fileId, uploaded);
      session.files.set(file.name, uploaded);
    }
    const sent = [...session.files.values()];
    const answer = await client
      .exec(
        {
          lang: request.lang,
          code: request.code,
          ...(session.sessionId ? { session_id: session.sessionId } : {}),
          ...(sent.length ? { files: sent } : {}),
          ...(request.args?.length ? { args: request.args } : {}),
        },
        call,
      )
      .catch((err: unknown) => {
        // The service may have dropped files it kept for us: the next run starts afresh.
        if (err instanceof CodeRunError && err.kind === 'failed' && sent.length) forget(session);
        throw err;
      });
    if (answer.session_id) session.sessionId = answer.session_id;
    // The files the service lists that were not sent in are this run's.
    const sentIds = new Set(sent.map((file) => file.id));
    const fresh = answer.files
      .filter((file) => !sentIds.has(file.id))
      .map((file) => ({ id: file.id, session_id: answer.session_id, name: file.name.split('/').pop() || file.name }));
    for (const file of fresh) session.files.set(file.name, file);
    const downloads = await Promise.all(fresh.map((file) => produced(file, call)));
    const files = downloads.filter((file): file is CodeRunProducedFile => file !== undefined);
    const notes = fresh.filter((_, i) => !downloads[i]).map((file) => `${file.name} is too large to keep.`);
    const killedBy = answer.error ? LIMIT_WORDS[answer.error] : undefined;
    // Its other reasons are its own words, not shown as they are.
    if (answer.error && !killedBy) notes.unshift('The run failed on the code execution service.');
    return {
      stdout: answer.stdout,
      stderr: [answer.stderr, ...notes].filter(Boolean).join('\n'),
      // The service does not say how the program exited.
      exitCode: null,
      ...(killedBy ? { killedBy } : {}),
      files,
    };
  }

  return {
    status(): Promise<CodeRunnerStatus> {
      return Promise.resolve({
        available: true,
        requiresUserKey: userProvided,
        languages: REMOTE_LANGUAGES,
        filesTtlMs: sessionTtlMs,
      });
    },
    async run(request: CodeRunRequest): Promise<CodeRunResult> {
      const apiKey = userProvided ? request.userApiKey?.trim() : options.apiKey;
      if (!apiKey) throw new CodeRunError('key_required', 'Add your Code API key to run code.');
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        return await run(request, { apiKey, keyIsUsers: userProvided, signal });
      } catch (err) {
        if (request.signal?.aborted) return { stdout: '', stderr: '', exitCode: null, aborted: true, files: [] };
        if (timeout.aborted)
          throw new CodeRunError('unavailable', 'The code execution service did not answer in time.');
        throw err;
      }
    },
  };
}
