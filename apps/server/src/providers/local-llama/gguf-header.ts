import { open } from 'node:fs/promises';

/** Magic, version, tensor count and metadata count: what a GGUF file's first bytes say. */
export const GGUF_HEADER_BYTES = 24;
const GGUF_MAGIC = Buffer.from('GGUF', 'ascii');
/** Versions llama.cpp reads (1 is long gone). */
const READABLE_VERSIONS = new Set([2, 3]);
/** Far above any real model's, far below what garbage gives. */
const MAX_COUNT = 1_000_000n;

/**
 * Why these first bytes are not a GGUF model llama.cpp can read, or undefined when they are.
 * Checked before a file is loaded or kept: node-llama-cpp's reader can hang on a file whose
 * header is garbage (it then reads billions of entries), holding the model queue forever.
 */
export function ggufHeaderProblem(head: Buffer): string | undefined {
  if (head.length < GGUF_HEADER_BYTES || !head.subarray(0, 4).equals(GGUF_MAGIC)) {
    return 'The file is not a GGUF model (it does not start with "GGUF").';
  }
  const version = head.readUInt32LE(4);
  if (!READABLE_VERSIONS.has(version)) return `The file is GGUF version ${version}, which llama.cpp cannot read.`;
  if (head.readBigUInt64LE(8) > MAX_COUNT || head.readBigUInt64LE(16) > MAX_COUNT) {
    return 'The GGUF file is damaged (its header counts are impossible).';
  }
  return undefined;
}

/** The header problem of a file on disk (see ggufHeaderProblem). */
export async function ggufFileProblem(path: string): Promise<string | undefined> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(GGUF_HEADER_BYTES);
    const { bytesRead } = await file.read(head, 0, GGUF_HEADER_BYTES, 0);
    return ggufHeaderProblem(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
