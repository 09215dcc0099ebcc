/**
 * Reads a stream (a Node stream or a fetch body) to its end into one buffer, or undefined as
 * soon as it passes `limit` bytes: reading stops there, and leaving the loop cancels the
 * stream, so nothing past the limit is buffered.
 */
export async function readCapped(
  stream: AsyncIterable<Uint8Array | string>,
  limit: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer =
      typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
