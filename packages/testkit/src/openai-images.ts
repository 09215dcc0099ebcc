import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { getMissingParameterBody, INVALID_JSON_BODY, type OpenAIErrorBody } from './openai-errors.js';

/** The size of a simulated picture when the request asks for none (or `auto`): OpenAI's square default. */
export const DEFAULT_IMAGE_SIZE = { width: 1024, height: 1024 } as const;
/** Larger sides are refused, as the real API refuses sizes it does not offer (and a test needs no more). */
const MAX_SIDE = 4096;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A solid-colour RGB PNG of `width`×`height`, encoded by hand (no image library in the testkit):
 * the colour comes from the prompt, so the same prompt always gives the same picture.
 */
export function simulatedPng(width: number, height: number, seed: string): Buffer {
  const [r = 0, g = 0, b = 0] = createHash('sha1').update(seed).digest();
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type ImagesAnswer = { status: 200; body: unknown } | { status: 400; body: OpenAIErrorBody };

const badRequest = (message: string, param: string | null): ImagesAnswer => ({
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code: null } },
});

/**
 * Answers `POST /v1/images/generations` as OpenAI does for `b64_json`: `{created, data:[{b64_json}]}`
 * (what gpt-image-1 always sends, and dall-e when asked), `n` PNGs of the requested `size`.
 */
export function answerImageGeneration(body: unknown): ImagesAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400, body: INVALID_JSON_BODY };
  const request = body as { model?: unknown; prompt?: unknown; n?: unknown; size?: unknown };
  if (typeof request.prompt !== 'string' || !request.prompt.trim())
    return { status: 400, body: getMissingParameterBody('prompt') };
  const n = request.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10) return badRequest('Invalid value for n.', 'n');
  let size: { width: number; height: number } = DEFAULT_IMAGE_SIZE;
  if (request.size !== undefined && request.size !== 'auto') {
    const match = typeof request.size === 'string' ? /^(\d{2,4})x(\d{2,4})$/.exec(request.size) : null;
    const width = Number(match?.[1]);
    const height = Number(match?.[2]);
    if (!match || width > MAX_SIDE || height > MAX_SIDE)
      return badRequest(`Invalid value for size: '${String(request.size)}'.`, 'size');
    size = { width, height };
  }
  const model = typeof request.model === 'string' ? request.model : 'dall-e-2';
  return {
    status: 200,
    body: {
      created: Math.floor(Date.now() / 1000),
      data: Array.from({ length: n }, (_, i) => ({
        b64_json: simulatedPng(size.width, size.height, `${model}\n${request.prompt as string}\n${i}`).toString(
          'base64',
        ),
      })),
    },
  };
}
