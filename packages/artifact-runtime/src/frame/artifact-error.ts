/** An error to show and report, with its 1-based line in the artifact's source when known. */
export class ArtifactError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'ArtifactError';
  }
}

/** The name evaluated artifact code carries in stack traces (`//# sourceURL=`). */
export const ARTIFACT_SOURCE_URL = 'confab-artifact.tsx';

let functionOffset: number | undefined;

/** Lines `new Function` puts before the body (the engine's wrapper): measured once, not assumed. */
export function functionLineOffset(): number {
  if (functionOffset !== undefined) return functionOffset;
  functionOffset = 2;
  try {
    new Function('throw new Error("probe")\n//# sourceURL=confab-probe.js')();
  } catch (error) {
    const match = /confab-probe\.js:(\d+)/.exec(String((error as Error).stack));
    if (match) functionOffset = Number(match[1]) - 1;
  }
  return functionOffset;
}

/** The artifact source line an error was thrown from: its first stack frame in the artifact's code. */
export function lineOfError(error: unknown): number | undefined {
  if (error instanceof ArtifactError) return error.line;
  const stack = error instanceof Error ? error.stack : undefined;
  if (!stack) return undefined;
  const escaped = ARTIFACT_SOURCE_URL.replace(/\./g, '\\.');
  const match = new RegExp(`${escaped}:(\\d+):\\d+`).exec(stack);
  if (!match) return undefined;
  const line = Number(match[1]) - functionLineOffset();
  return line >= 1 ? line : undefined;
}

/** A thrown value as text (artifacts can throw strings or plain objects). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
