/**
 * A tiny GGUF model (llama architecture, seeded random F32 weights) that llama.cpp loads and runs
 * in milliseconds. Its replies are printable noise: tests of the Local endpoint check the path
 * (load, stream, stop), not the words. The vocabulary is the three specials, "▁" (a space) and
 * the 256 byte-fallback tokens, so any text tokenizes. At temperature 0 a reply never ends by
 * itself: it runs to its token limit, or until it is stopped.
 */

export interface TinyGgufOptions {
  /** Transformer blocks; default 2. */
  layers?: number;
  /** Embedding width (a multiple of `heads`); default 32. */
  embedding?: number;
  heads?: number;
  /** The context length the model says it was trained on; default 512. */
  contextLength?: number;
  /** A Jinja chat template, stored as tokenizer.chat_template; none by default. */
  chatTemplate?: string;
  /** Seed of the weights, so the same options give the same bytes. */
  seed?: number;
}

/** GGUF value types (the format's own numbering). */
const GGUF_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;
/** ggml tensor type F32. */
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;
/** llama.cpp token types: normal, unknown, control, byte. */
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

type MetadataValue =
  | { type: 'uint32' | 'int32' | 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'float32s' | 'int32s'; value: number[] };

interface TensorSpec {
  name: string;
  /** ggml order: the first dimension is the row length. */
  dims: number[];
}

/** Builds the GGUF file's bytes. */
export function buildTinyGguf(options: TinyGgufOptions = {}): Buffer {
  const layers = options.layers ?? 2;
  const embedding = options.embedding ?? 32;
  const heads = options.heads ?? 4;
  const feedForward = embedding * 2;
  // "▁" is how llama's tokenizer writes a space: as a normal token it detokenizes back to one.
  const tokens = ['<unk>', '<s>', '</s>', '\u2581', ...Array.from({ length: 256 }, (_, b) => byteToken(b))];
  const tokenTypes = tokens.map((_, id) =>
    id === 0 ? TOKEN_TYPE.unknown : id < 3 ? TOKEN_TYPE.control : id === 3 ? TOKEN_TYPE.normal : TOKEN_TYPE.byte,
  );

  const metadata: [string, MetadataValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'confab-tiny-test' }],
    ['general.alignment', { type: 'uint32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'uint32', value: options.contextLength ?? 512 }],
    ['llama.embedding_length', { type: 'uint32', value: embedding }],
    ['llama.block_count', { type: 'uint32', value: layers }],
    ['llama.feed_forward_length', { type: 'uint32', value: feedForward }],
    ['llama.attention.head_count', { type: 'uint32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: heads }],
    ['llama.rope.dimension_count', { type: 'uint32', value: embedding / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.scores', { type: 'float32s', value: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: 'int32s', value: tokenTypes }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
    // Without this, llama's tokenizer prepends a space that detokenizing cannot give back.
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
  ];
  if (options.chatTemplate) metadata.push(['tokenizer.chat_template', { type: 'string', value: options.chatTemplate }]);

  const tensors: TensorSpec[] = [
    { name: 'token_embd.weight', dims: [embedding, tokens.length] },
    { name: 'output_norm.weight', dims: [embedding] },
    { name: 'output.weight', dims: [embedding, tokens.length] },
  ];
  for (let i = 0; i < layers; i++) {
    const block = (part: string, dims: number[]) => tensors.push({ name: `blk.${i}.${part}.weight`, dims });
    block('attn_norm', [embedding]);
    block('attn_q', [embedding, embedding]);
    block('attn_k', [embedding, embedding]);
    block('attn_v', [embedding, embedding]);
    block('attn_output', [embedding, embedding]);
    block('ffn_norm', [embedding]);
    block('ffn_gate', [embedding, feedForward]);
    block('ffn_up', [embedding, feedForward]);
    block('ffn_down', [feedForward, embedding]);
  }

  const writer = new ByteWriter();
  writer.bytes(Buffer.from('GGUF', 'ascii'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(metadata.length);
  for (const [key, value] of metadata) {
    writer.string(key);
    writeMetadataValue(writer, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    writer.string(tensor.name);
    writer.u32(tensor.dims.length);
    for (const dim of tensor.dims) writer.u64(dim);
    writer.u32(GGML_TYPE_F32);
    writer.u64(offset);
    offset = alignUp(offset + elementCount(tensor) * 4);
  }
  writer.padTo(ALIGNMENT);

  const random = seededRandom(options.seed ?? 25);
  for (const tensor of tensors) {
    // Norm weights of one keep activations in range; the matrices are small random values.
    const isNorm = tensor.dims.length === 1;
    const data = new Float32Array(elementCount(tensor)).map(() => (isNorm ? 1 : (random() - 0.5) * 0.2));
    if (tensor.name === 'output.weight') silenceTokens(data, embedding, tokens);
    writer.bytes(Buffer.from(data.buffer));
    writer.padTo(ALIGNMENT);
  }
  return writer.toBuffer();
}

/**
 * Zeroes the output rows of every token but printable ASCII and "▁": their logit is then 0
 * while the best of the others is all but surely positive, so a greedy reply (temperature 0)
 * never ends its turn by itself, runs to its token limit or a stop, and is readable text that
 * any database stores (no NUL, no half of a UTF-8 character).
 */
function silenceTokens(outputWeights: Float32Array, embedding: number, tokens: string[]): void {
  tokens.forEach((token, id) => {
    const byte = /^<0x([0-9A-F]{2})>$/.exec(token)?.[1];
    const isPrintable =
      token === '\u2581' || (byte !== undefined && parseInt(byte, 16) >= 0x20 && parseInt(byte, 16) < 0x7f);
    if (!isPrintable) outputWeights.fill(0, id * embedding, (id + 1) * embedding);
  });
}

function byteToken(byte: number): string {
  return `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;
}

function elementCount(tensor: TensorSpec): number {
  return tensor.dims.reduce((a, b) => a * b, 1);
}

function alignUp(n: number): number {
  return Math.ceil(n / ALIGNMENT) * ALIGNMENT;
}

/** mulberry32: a few lines of deterministic randomness, so fixtures never change between runs. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writeMetadataValue(writer: ByteWriter, entry: MetadataValue): void {
  switch (entry.type) {
    case 'uint32':
      writer.u32(GGUF_TYPE.uint32);
      return writer.u32(entry.value);
    case 'int32':
      writer.u32(GGUF_TYPE.int32);
      return writer.i32(entry.value);
    case 'float32':
      writer.u32(GGUF_TYPE.float32);
      return writer.f32(entry.value);
    case 'bool':
      writer.u32(GGUF_TYPE.bool);
      return writer.bytes(Buffer.from([entry.value ? 1 : 0]));
    case 'string':
      writer.u32(GGUF_TYPE.string);
      return writer.string(entry.value);
    case 'strings':
      writer.u32(GGUF_TYPE.array);
      writer.u32(GGUF_TYPE.string);
      writer.u64(entry.value.length);
      return entry.value.forEach((s) => writer.string(s));
    case 'float32s':
      writer.u32(GGUF_TYPE.array);
      writer.u32(GGUF_TYPE.float32);
      writer.u64(entry.value.length);
      return entry.value.forEach((n) => writer.f32(n));
    case 'int32s':
      writer.u32(GGUF_TYPE.array);
      writer.u32(GGUF_TYPE.int32);
      writer.u64(entry.value.length);
      return entry.value.forEach((n) => writer.i32(n));
  }
}

/** Little-endian writer that grows as it goes. */
class ByteWriter {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  bytes(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }

  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.bytes(b);
  }

  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.bytes(b);
  }

  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.bytes(b);
  }

  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.bytes(b);
  }

  string(s: string): void {
    const encoded = Buffer.from(s, 'utf8');
    this.u64(encoded.length);
    this.bytes(encoded);
  }

  padTo(alignment: number): void {
    const remainder = this.length % alignment;
    if (remainder) this.bytes(Buffer.alloc(alignment - remainder));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
