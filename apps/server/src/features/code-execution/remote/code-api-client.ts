import { readCapped } from '../../../platform/read-capped.js';
import { CodeRunError } from '../code-runner.js';

/**
 * The HTTP calls of LibreChat's Code Interpreter API, as LibreChat and @librechat/agents make
 * them: `POST {base}/exec` (JSON), `POST {base}/upload` (multipart) and
 * `GET {base}/download/{session_id}/{fileId}`, each with the key in `X-API-Key`. Every failure
 * becomes a CodeRunError in words the user can act on; the service's own text is never shown.
 */

/** A file the service holds: an upload or something a run wrote (LibreChat's CodeEnvFile). */
export interface CodeEnvFile {
  id: string;
  session_id: string;
  name: string;
}

export interface ExecBody {
  lang: string;
  code: string;
  session_id?: string;
  files?: CodeEnvFile[];
  args?: string[];
}

export interface ExecAnswer {
  session_id: string;
  stdout: string;
  stderr: string;
  files: { id: string; name: string }[];
  /** Newer services name why a run ended early ("Time limit exceeded", "Out of memory"). */
  error?: string;
}

export interface CodeApiCall {
  apiKey: string;
  /** Whose key it is: a refused user key is the user's to fix, a refused server key the admin's. */
  keyIsUsers: boolean;
  signal: AbortSignal;
}

export const OFFICIAL_CODE_BASEURL = 'https://api.librechat.ai/v1';

const USER_AGENT = 'Confab/1.0';

function refusal(status: number, call: CodeApiCall): CodeRunError {
  if (status === 401 || status === 403) {
    return call.keyIsUsers
      ? new CodeRunError('key_required', 'Your Code API key was refused. Check it and add it again.')
      : new CodeRunError('unavailable', "The code execution service refused this server's key.");
  }
  if (status === 429) return new CodeRunError('unavailable', 'The code execution service is busy. Try again shortly.');
  if (status === 400 || status === 413 || status === 422)
    return new CodeRunError('failed', 'The code execution service rejected the request.');
  return new CodeRunError('unavailable', 'The code execution service is unavailable. Try again later.');
}

export class CodeApiClient {
  constructor(
    private readonly baseURL: string,
    private readonly fetchImpl: typeof fetch,
  ) {}

  private async send(path: string, init: RequestInit, call: CodeApiCall): Promise<Response> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseURL}${path}`, {
        ...init,
        signal: call.signal,
        // A redirect would carry X-API-Key to wherever it points (fetch keeps custom headers).
        redirect: 'error',
        headers: { ...(init.headers as Record<string, string>), 'User-Agent': USER_AGENT, 'X-API-Key': call.apiKey },
      });
    } catch (err) {
      // An abort is the caller's (the user stopped it, or the run's time ran out): let it through.
      if (call.signal.aborted) throw err;
      throw new CodeRunError('unavailable', 'The code execution service is unavailable. Try again later.');
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw refusal(response.status, call);
    }
    return response;
  }

  private async json(response: Response): Promise<Record<string, unknown>> {
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new CodeRunError('unavailable', 'The code execution service gave an answer that could not be read.');
    return body as Record<string, unknown>;
  }

  async exec(body: ExecBody, call: CodeApiCall): Promise<ExecAnswer> {
    const response = await this.send(
      '/exec',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      call,
    );
    const answer = await this.json(response);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const files = Array.isArray(answer.files)
      ? (answer.files as unknown[]).flatMap((file) => {
          const f = file as { id?: unknown; name?: unknown };
          return typeof f?.id === 'string' && typeof f.name === 'string' ? [{ id: f.id, name: f.name }] : [];
        })
      : [];
    return {
      session_id: text(answer.session_id),
      stdout: text(answer.stdout),
      stderr: text(answer.stderr),
      files,
      ...(typeof answer.error === 'string' && answer.error ? { error: answer.error } : {}),
    };
  }

  /** Uploads one file (LibreChat's uploadCodeEnvFile); answers where the service keeps it. */
  async upload(file: { name: string; data: Buffer }, call: CodeApiCall, entityId?: string): Promise<CodeEnvFile> {
    const form = new FormData();
    if (entityId) form.append('entity_id', entityId);
    form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
    const answer = await this.json(await this.send('/upload', { method: 'POST', body: form }, call));
    const first = Array.isArray(answer.files) ? (answer.files[0] as { fileId?: unknown } | undefined) : undefined;
    if (answer.message !== 'success' || typeof answer.session_id !== 'string' || typeof first?.fileId !== 'string')
      throw new CodeRunError('unavailable', 'The code execution service did not take the file.');
    return { id: first.fileId, session_id: answer.session_id, name: file.name };
  }

  /** A produced file's bytes, or undefined past `limit`. */
  async download(
    file: { id: string; session_id: string },
    limit: number,
    call: CodeApiCall,
  ): Promise<Buffer | undefined> {
    const path = `/download/${encodeURIComponent(file.session_id)}/${encodeURIComponent(file.id)}`;
    const response = await this.send(path, { method: 'GET' }, call);
    if (!response.body) return Buffer.alloc(0);
    return readCapped(response.body, limit);
  }
}
