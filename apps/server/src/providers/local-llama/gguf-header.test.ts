import { buildTinyGguf } from '@confab/testkit';
import { describe, expect, it } from 'vitest';
import { GGUF_HEADER_BYTES, ggufHeaderProblem } from './gguf-header.js';

function header(version: number, tensors: bigint, metadata: bigint): Buffer {
  const head = Buffer.alloc(GGUF_HEADER_BYTES);
  head.write('GGUF', 'ascii');
  head.writeUInt32LE(version, 4);
  head.writeBigUInt64LE(tensors, 8);
  head.writeBigUInt64LE(metadata, 16);
  return head;
}

describe('ggufHeaderProblem', () => {
  it('accepts a real GGUF file', () => {
    expect(ggufHeaderProblem(buildTinyGguf().subarray(0, GGUF_HEADER_BYTES))).toBeUndefined();
    expect(ggufHeaderProblem(header(2, 10n, 20n))).toBeUndefined();
  });

  it('refuses other files, short ones, unreadable versions and impossible counts', () => {
    expect(ggufHeaderProblem(Buffer.from('PK\u0003\u0004 a zip file, not a model'))).toMatch(/not a GGUF/);
    expect(ggufHeaderProblem(Buffer.from('GGUF'))).toMatch(/not a GGUF/);
    expect(ggufHeaderProblem(header(1953849888, 1n, 1n))).toMatch(/version 1953849888/);
    expect(ggufHeaderProblem(header(3, 1n << 40n, 1n))).toMatch(/damaged/);
  });
});
