import { createReadStream } from 'node:fs';
import { Tokenizer } from '@streamparser/json';
import { IMPORT_LIMITS } from '@confab/shared';
import { InvalidImportError, JsonAssembler, type StreamedItem } from './json-assembler.js';

export type JsonFileEvent =
  | ({ type: 'item' } & StreamedItem)
  /** Last: the top-level value, with streamed collections emptied. */
  | { type: 'root'; value: unknown };

export interface ReadJsonOptions {
  /** Arrays whose elements are yielded one by one: `$` (a top-level array) or a key path. */
  collections: ReadonlySet<string>;
  maxDepth?: number;
  maxValueBytes?: number;
}

/**
 * Reads a JSON file in 64 KB chunks and yields the elements of its collections as they complete,
 * then the rest of the document. Memory stays near the size of the largest single element.
 * Every problem with the file (bad JSON, truncation, a nesting bomb, a giant value) becomes an
 * InvalidImportError.
 */
export async function* readJsonFile(path: string, options: ReadJsonOptions): AsyncGenerator<JsonFileEvent> {
  const maxValueBytes = options.maxValueBytes ?? IMPORT_LIMITS.maxValueBytes;
  const queue: StreamedItem[] = [];
  const assembler = new JsonAssembler(options.collections, options.maxDepth ?? IMPORT_LIMITS.maxNestingDepth, (item) => queue.push(item));
  const tokenizer = new Tokenizer();
  let lastTokenAt = 0;
  tokenizer.onToken = (token) => {
    lastTokenAt = token.offset;
    assembler.write(token);
  };

  let bytesRead = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    const buffer = chunk as Buffer;
    writeChunk(tokenizer, buffer);
    bytesRead += buffer.length;
    // Tokens come every few bytes in real exports; a long stretch without one is a single
    // string, number or run of spaces growing in the tokenizer's buffer, so stop it here.
    if (bytesRead - lastTokenAt > maxValueBytes) {
      throw new InvalidImportError(`The file holds a value larger than ${Math.round(maxValueBytes / 1024 / 1024)} MB (at byte ${lastTokenAt}).`);
    }
    yield* drain(queue);
  }
  try {
    tokenizer.end();
  } catch (err) {
    throw asInvalidImport(err);
  }
  yield* drain(queue);
  if (!assembler.sawToken) throw new InvalidImportError('The file is empty.');
  if (!assembler.isDone) throw new InvalidImportError('The file ends before its JSON is complete (is it truncated?).');
  yield { type: 'root', value: assembler.root };
}

function writeChunk(tokenizer: Tokenizer, chunk: Buffer): void {
  try {
    tokenizer.write(chunk);
  } catch (err) {
    throw asInvalidImport(err);
  }
}

function* drain(queue: StreamedItem[]): Generator<JsonFileEvent> {
  // Items are taken out as they are yielded so the queue never pins them.
  for (let item = queue.shift(); item; item = queue.shift()) yield { type: 'item', ...item };
}

function asInvalidImport(err: unknown): Error {
  if (err instanceof InvalidImportError) return err;
  // Tokenizer errors (bad literals, bad escapes, invalid UTF-8) describe the JSON, not our code.
  const detail = err instanceof Error ? err.message : String(err);
  return new InvalidImportError(`The file is not valid JSON: ${detail}`);
}
