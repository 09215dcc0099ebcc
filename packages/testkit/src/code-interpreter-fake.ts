import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, sendJson } from './provider-sim-server.js';

/**
 * A local stand-in for LibreChat's Code Interpreter API (the service LIBRECHAT_CODE_BASEURL names),
 * answering the calls LibreChat and @librechat/agents make, each with its `X-API-Key` checked:
 * - `POST /exec` `{ lang, code, session_id?, files?: [{ id, session_id, name }], args? }` answers
 *   `{ session_id, stdout, stderr, files: [{ id, name }] }` (the files the run wrote);
 * - `POST /upload` (multipart `file`, optional `entity_id`) answers
 *   `{ message: 'success', session_id, files: [{ fileId, filename }] }`;
 * - `GET /download/{session_id}/{fileId}` answers the bytes.
 * It runs nothing: a run's code is read line by line for a few harmless forms —
 * `print('text')` / `console.log('text')` (a string or number literal), `print(open('name').read())`
 * (a file sent with the run), `open('name', 'w').write('text')` (writes a file the answer lists),
 * `sys.stderr.write('text')` — and anything else goes to stderr as a NameError. A test may script
 * the answer instead with `respond`.
 */

export interface CodeInterpreterRequest {
  method: string;
  path: string;
  /** The `X-API-Key` it came with. */
  apiKey: string | undefined;
  json?: Record<string, unknown>;
  /** An upload's file name, size and entity_id. */
  upload?: { filename: string; size: number; entityId?: string };
}

export interface CodeInterpreterRun {
  lang: string;
  code: string;
  /** The files the run was given, by name, with their text. */
  files: Record<string, string>;
}

export interface CodeInterpreterAnswer {
  stdout?: string;
  stderr?: string;
  /** Files the run writes, by name. */
  write?: Record<string, string | Buffer>;
  /** The service's reason for ending a run early ("Time limit exceeded"). */
  error?: string;
}

export interface CodeInterpreterFake {
  /** The base URL for LIBRECHAT_CODE_BASEURL (`http://127.0.0.1:<port>`). */
  url: string;
  /** Keys the fake accepts; a request with another answers 401. Tests may add keys. */
  readonly apiKeys: Set<string>;
  /** Requests that passed the key check, oldest first. */
  readonly requests: CodeInterpreterRequest[];
  /** Requests refused for their key. */
  refusals: number;
  /** When set, every request answers this status. */
  failWith: number | undefined;
  /** Scripts the next runs' answers; undefined falls back to reading the code. */
  respond: ((run: CodeInterpreterRun) => CodeInterpreterAnswer | undefined) | undefined;
  reset(): void;
  close(): Promise<void>;
}

interface StoredFile {
  name: string;
  data: Buffer;
}

const newId = (bytes = 12): string => randomBytes(bytes).toString('hex');

/** A Python or JavaScript string (single or double quotes, simple escapes) or number literal. */
function literal(source: string): string | undefined {
  const text = source.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  const quoted = /^(['"])((?:\\.|(?!\1).)*)\1$/.exec(text);
  if (!quoted) return undefined;
  const escapes: Record<string, string> = { n: '\n', t: '\t' };
  return quoted[2]!.replace(/\\(n|t|\\|'|")/g, (_, c: string) => escapes[c] ?? c);
}

/** Reads the harmless forms the fake understands; anything else is a NameError on stderr. */
function interpret(run: CodeInterpreterRun): CodeInterpreterAnswer {
  const out: string[] = [];
  const err: string[] = [];
  const write: Record<string, string> = {};
  for (const raw of run.code.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('//') || /^import \w+$/.test(line)) continue;
    let match: RegExpExecArray | null;
    if ((match = /^(?:print|console\.log)\((.*)\);?$/.exec(line))) {
      const inner = match[1]!;
      const read = /^open\((['"])([^'"]+)\1\)\.read\(\)$/.exec(inner.trim());
      if (read) {
        const name = read[2]!;
        const content = write[name] ?? run.files[name];
        if (content === undefined) err.push(`FileNotFoundError: [Errno 2] No such file or directory: '${name}'`);
        else out.push(content);
        continue;
      }
      const value = literal(inner);
      if (value !== undefined) out.push(value);
      else err.push(`NameError: name '${inner}' is not defined`);
    } else if ((match = /^open\((['"])([^'"]+)\1,\s*(['"])w\3\)\.write\((.*)\);?$/.exec(line))) {
      const value = literal(match[4]!);
      if (value === undefined) err.push(`NameError: name '${match[4]}' is not defined`);
      else write[match[2]!] = value;
    } else if ((match = /^sys\.stderr\.write\((.*)\)$/.exec(line))) {
      err.push(literal(match[1]!) ?? '');
    } else {
      err.push(`NameError: name '${line.split(/[ (.=]/)[0]}' is not defined`);
    }
  }
  return {
    stdout: out.length ? `${out.join('\n')}\n` : '',
    stderr: err.length ? `${err.join('\n')}\n` : '',
    write,
  };
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart body's text fields and its one file, byte for byte. */
function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  const fields: Record<string, string> = {};
  let file: StoredFile | undefined;
  if (!boundary) return { fields, file };
  // latin1 keeps one character per byte, so the file's bytes survive the split.
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { name: filename, data: Buffer.from(value, 'latin1') };
    else if (name) fields[name] = Buffer.from(value, 'latin1').toString('utf8');
  }
  return { fields, file };
}

export async function startCodeInterpreterFake(options: {
  apiKeys: string[];
  port?: number;
}): Promise<CodeInterpreterFake> {
  /** session_id -> fileId -> file */
  const sessions = new Map<string, Map<string, StoredFile>>();
  const store = (sessionId: string, file: StoredFile): string => {
    const id = newId();
    let files = sessions.get(sessionId);
    if (!files) sessions.set(sessionId, (files = new Map()));
    files.set(id, file);
    return id;
  };

  function exec(json: Record<string, unknown>, res: ServerResponse) {
    const { lang, code } = json;
    if (typeof lang !== 'string' || typeof code !== 'string')
      return sendJson(res, 400, { error: 'lang and code are required' });
    const given: Record<string, string> = {};
    for (const ref of Array.isArray(json.files)
      ? (json.files as { id?: string; session_id?: string; name?: string }[])
      : []) {
      const stored = sessions.get(ref.session_id ?? '')?.get(ref.id ?? '');
      if (!stored || typeof ref.name !== 'string') return sendJson(res, 400, { error: `file not found: ${ref.id}` });
      given[ref.name] = stored.data.toString('utf8');
    }
    const run = { lang, code, files: given };
    const answer = fake.respond?.(run) ?? interpret(run);
    const sessionId =
      typeof json.session_id === 'string' && sessions.has(json.session_id) ? json.session_id : newId(10);
    if (!sessions.has(sessionId)) sessions.set(sessionId, new Map());
    const files = Object.entries(answer.write ?? {}).map(([name, data]) => ({
      id: store(sessionId, { name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) }),
      name,
    }));
    sendJson(res, 200, {
      session_id: sessionId,
      stdout: answer.stdout ?? '',
      stderr: answer.stderr ?? '',
      files,
      ...(answer.error ? { error: answer.error } : {}),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const header = req.headers['x-api-key'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    const body = await readRaw(req);
    if (!apiKey || !fake.apiKeys.has(apiKey)) {
      fake.refusals++;
      return sendJson(res, 401, { error: 'Invalid API key' });
    }
    const request: CodeInterpreterRequest = { method: req.method ?? 'GET', path, apiKey };
    fake.requests.push(request);
    if (fake.failWith) return sendJson(res, fake.failWith, { error: 'the fake was told to fail' });
    const type = req.headers['content-type'] ?? '';
    if (req.method === 'POST' && path === '/exec') {
      try {
        request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: 'invalid JSON' });
      }
      return exec(request.json, res);
    }
    if (req.method === 'POST' && path === '/upload') {
      const { fields, file } = parseMultipart(body, type);
      if (!file) return sendJson(res, 400, { message: 'no file' });
      request.upload = {
        filename: file.name,
        size: file.data.length,
        ...(fields.entity_id ? { entityId: fields.entity_id } : {}),
      };
      const sessionId = newId(10);
      const fileId = store(sessionId, file);
      return sendJson(res, 200, {
        message: 'success',
        session_id: sessionId,
        files: [{ fileId, filename: file.name }],
      });
    }
    const download = /^\/download\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && download) {
      const file = sessions.get(decodeURIComponent(download[1]!))?.get(decodeURIComponent(download[2]!));
      if (!file) return sendJson(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.data.length) });
      return res.end(file.data);
    }
    sendJson(res, 404, { error: `no route ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { error: String(err) }));
  });
  const { origin } = await listenLocally(server, { port: options.port });
  const fake: CodeInterpreterFake = {
    url: origin,
    apiKeys: new Set(options.apiKeys),
    requests: [],
    refusals: 0,
    failWith: undefined,
    respond: undefined,
    reset() {
      fake.requests.length = 0;
      fake.refusals = 0;
      fake.failWith = undefined;
      fake.respond = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Clients keep idle connections open; ending them lets close() finish.
        server.closeAllConnections();
      }),
  };
  return fake;
}
