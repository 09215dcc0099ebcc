import { isSafeInlineImage } from '@confab/shared';

/**
 * A file a run produced, as POST /api/agents/tools/execute_code/call and GET
 * /api/agents/tools/calls return it (the file record plus LibreChat's attachment metadata).
 */
export interface CodeRunAttachment {
  file_id: string;
  filename?: string;
  filepath?: string;
  type?: string;
  bytes?: number;
  width?: number;
  height?: number;
  /** ISO time (LibreChat's client also accepts epoch milliseconds). */
  expiresAt?: string | number;
  status?: string;
}

/** One run of a code block as LibreChat's getToolCalls lists it. */
export interface CodeRunRecord {
  messageId: string;
  conversationId?: string;
  partIndex?: number;
  blockIndex?: number;
  toolId?: string;
  result?: unknown;
  attachments?: CodeRunAttachment[];
}

/** The limits a run can be stopped by, in the server's words ("Stopped: the run went over its memory limit."). */
export const RUN_LIMITS = ['wall time', 'memory', 'processes', 'output size', 'file size'] as const;
export type RunLimit = (typeof RUN_LIMITS)[number];

export interface CodeRunOutput {
  stdout: string;
  stderr: string;
  /** The line that says what stopped the run, when something did; `limit` when it names one. */
  stop: { text: string; limit: RunLimit | null } | null;
  /** The tool failed before the program ran (LibreChat's "Error processing tool ..."). */
  error: string | null;
}

const EMPTY_STDOUT = /^stdout: Empty\b[^\n]*\n?/;
const GENERATED_FILES = /(?:^|\n)Generated files:\n/g;
const STOP_LINE = /(?:^|\n)(Stopped: [^\n]*)\s*$/;
const STDERR_HEADING = '\nstderr:\n';

/** The last match of a global pattern, or null. */
function lastMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(pattern)) last = match as RegExpExecArray;
  return last;
}

/** One section's text without the line break that closes it. */
const section = (text: string) => text.replace(/\n+$/, '');

/**
 * Reads LibreChat's formatted result of an execute_code run: `stdout:\n…`, `stderr:\n…`, a
 * `Stopped: …` line, then `Generated files:\n- …` (the files come as attachments, so that list
 * is dropped). A section heading inside the program's own output is read as a heading, as
 * LibreChat's client does.
 * @example parseCodeRunResult('stdout:\nhi\n') // { stdout: 'hi', stderr: '', stop: null, error: null }
 */
export function parseCodeRunResult(result: unknown): CodeRunOutput {
  const output: CodeRunOutput = { stdout: '', stderr: '', stop: null, error: null };
  if (typeof result !== 'string') {
    if (result != null) output.stdout = JSON.stringify(result, null, 2);
    return output;
  }
  if (/^Error processing tool\b/.test(result))
    return { ...output, error: result.replace(/^Error processing tool [\w-]+:\s*/, '') };
  let text = result.replace(/\r\n/g, '\n');
  const files = lastMatch(GENERATED_FILES, text);
  if (files) text = text.slice(0, files.index);
  const stop = STOP_LINE.exec(text);
  if (stop?.[1]) {
    const limit = RUN_LIMITS.find((name) => stop[1]?.includes(`${name} limit`)) ?? null;
    output.stop = { text: stop[1], limit };
    text = text.slice(0, stop.index);
  }
  text = text.replace(EMPTY_STDOUT, '');
  const hasStdout = text.startsWith('stdout:\n');
  if (hasStdout) text = text.slice('stdout:\n'.length);
  const stderrAt = text.startsWith('stderr:\n') ? -1 : text.indexOf(STDERR_HEADING);
  if (text.startsWith('stderr:\n')) {
    output.stderr = section(text.slice('stderr:\n'.length));
  } else if (stderrAt !== -1) {
    output.stdout = section(text.slice(0, stderrAt));
    output.stderr = section(text.slice(stderrAt + STDERR_HEADING.length));
  } else {
    output.stdout = section(text);
  }
  return output;
}

/** Whether a produced file can no longer be opened (SPEC 3: shown as expired after `expiresAt`). */
export function isAttachmentExpired(file: CodeRunAttachment, now: number): boolean {
  if (file.status === 'expired') return true;
  if (file.expiresAt === undefined || file.expiresAt === '') return false;
  const at = typeof file.expiresAt === 'number' ? file.expiresAt : Date.parse(file.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** Images show inline (stored under /images/ as a safe raster type); the rest are download chips. */
export function splitAttachments(files: readonly CodeRunAttachment[] | undefined): {
  images: CodeRunAttachment[];
  others: CodeRunAttachment[];
} {
  const images: CodeRunAttachment[] = [];
  const others: CodeRunAttachment[] = [];
  for (const file of files ?? []) {
    if (!file?.file_id) continue;
    const isImage = !!file.filepath?.startsWith('/images/') && isSafeInlineImage(file.type ?? '');
    (isImage ? images : others).push(file);
  }
  return { images, others };
}

/** The text "Copy output" puts on the clipboard: what the program printed, errors after. */
export function outputText(output: CodeRunOutput): string {
  return [output.error, output.stdout, output.stderr, output.stop?.text].filter((s) => !!s).join('\n');
}

/** Where LibreChat keeps the runs of one code block: message, content part, block. */
export function codeRunKey(run: { messageId: string; partIndex?: number; blockIndex?: number }): string {
  return `${run.messageId}_${run.partIndex ?? 0}_${run.blockIndex ?? 0}_execute_code`;
}

/** A conversation's tool calls as runs per code block, oldest first (other tools left out). */
export function groupCodeRuns(calls: readonly CodeRunRecord[] | undefined): Map<string, CodeRunRecord[]> {
  const runs = new Map<string, CodeRunRecord[]>();
  for (const call of calls ?? []) {
    if (!call?.messageId || (call.toolId && call.toolId !== 'execute_code')) continue;
    const key = codeRunKey(call);
    const list = runs.get(key);
    if (list) list.push(call);
    else runs.set(key, [call]);
  }
  return runs;
}
