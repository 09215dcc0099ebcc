import { TokenType, type ParsedTokenInfo } from '@streamparser/json';

/** A file problem the user can fix; the import service turns it into a 400 invalid_import. */
export class InvalidImportError extends Error {
  override readonly name = 'InvalidImportError';
}

export interface StreamedItem {
  /** `$` for an element of a top-level array, else the dotted key path of the array it came from. */
  collection: string;
  index: number;
  value: unknown;
}

interface Frame {
  container: Record<string, unknown> | unknown[];
  isObject: boolean;
  /** Key path from the root, tracked only near the root where collections can be. */
  path: string | undefined;
  /** Set when this array is a streamed collection: its elements leave as items, never stored. */
  collection: string | undefined;
  key: string | undefined;
  count: number;
}

const enum State {
  Value,
  ValueOrEnd,
  KeyOrEnd,
  Key,
  Colon,
  CommaOrEnd,
  Done,
}

/** How deep key paths are tracked: collections sit at most three keys below the root. */
const PATH_DEPTH = 4;

/**
 * Builds JSON values from tokens, like JSON.parse, except that the elements of the arrays named
 * in `collections` are handed to `onItem` one by one and not kept, so a 50 MB export of 2,000
 * conversations never sits in memory at once. It checks the grammar itself (the tokenizer only
 * splits tokens), refuses nesting deeper than `maxDepth` before building it, and refuses the
 * "__proto__" key, which would otherwise let a file reshape the objects that zod then reads.
 */
export class JsonAssembler {
  private readonly stack: Frame[] = [];
  private state = State.Value;
  /** The top-level value once complete; streamed collections in it are left empty. */
  root: unknown;
  sawToken = false;

  constructor(
    private readonly collections: ReadonlySet<string>,
    private readonly maxDepth: number,
    private readonly onItem: (item: StreamedItem) => void,
  ) {}

  get isDone(): boolean {
    return this.state === State.Done;
  }

  write({ token, value, offset }: ParsedTokenInfo): void {
    if (this.state === State.Done) this.fail('unexpected data after the end of the JSON', offset);
    if (!this.sawToken && token !== TokenType.LEFT_BRACE && token !== TokenType.LEFT_BRACKET) {
      throw new InvalidImportError('The file must hold a JSON object or array.');
    }
    this.sawToken = true;
    const top = this.stack[this.stack.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
        this.expectValue(offset);
        this.open({}, true, offset);
        this.state = State.KeyOrEnd;
        return;
      case TokenType.LEFT_BRACKET:
        this.expectValue(offset);
        this.open([], false, offset);
        this.state = State.ValueOrEnd;
        return;
      case TokenType.RIGHT_BRACE:
        if (!top?.isObject || (this.state !== State.KeyOrEnd && this.state !== State.CommaOrEnd)) this.fail('unexpected "}"', offset);
        this.close();
        return;
      case TokenType.RIGHT_BRACKET:
        if (!top || top.isObject || (this.state !== State.ValueOrEnd && this.state !== State.CommaOrEnd)) this.fail('unexpected "]"', offset);
        this.close();
        return;
      case TokenType.COLON:
        if (this.state !== State.Colon) this.fail('unexpected ":"', offset);
        this.state = State.Value;
        return;
      case TokenType.COMMA:
        if (this.state !== State.CommaOrEnd || !top) this.fail('unexpected ","', offset);
        this.state = top.isObject ? State.Key : State.Value;
        return;
      case TokenType.STRING:
        if (top && (this.state === State.KeyOrEnd || this.state === State.Key)) {
          if (value === '__proto__') throw new InvalidImportError('The file contains the forbidden key "__proto__".');
          top.key = value as string;
          this.state = State.Colon;
          return;
        }
        this.expectValue(offset);
        this.complete(value);
        return;
      case TokenType.NUMBER:
      case TokenType.TRUE:
      case TokenType.FALSE:
      case TokenType.NULL:
        this.expectValue(offset);
        this.complete(value);
        return;
      default:
        this.fail('unexpected token', offset);
    }
  }

  private expectValue(offset: number): void {
    if (this.state !== State.Value && this.state !== State.ValueOrEnd) this.fail('unexpected value', offset);
  }

  private open(container: Frame['container'], isObject: boolean, offset: number): void {
    if (this.stack.length >= this.maxDepth) {
      throw new InvalidImportError(`The file nests deeper than ${this.maxDepth} levels (at byte ${offset}).`);
    }
    const parent = this.stack[this.stack.length - 1];
    let path: string | undefined;
    if (!parent) path = '';
    else if (parent.isObject && parent.path !== undefined && this.stack.length < PATH_DEPTH) {
      path = parent.path ? `${parent.path}.${parent.key}` : parent.key;
    }
    const streamsAs = isObject ? undefined : path === '' ? '$' : path;
    this.stack.push({
      container,
      isObject,
      path,
      collection: streamsAs !== undefined && this.collections.has(streamsAs) ? streamsAs : undefined,
      key: undefined,
      count: 0,
    });
  }

  private close(): void {
    const frame = this.stack.pop();
    if (frame) this.complete(frame.container);
  }

  private complete(value: unknown): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.root = value;
      this.state = State.Done;
      return;
    }
    if (parent.collection !== undefined) {
      this.onItem({ collection: parent.collection, index: parent.count++, value });
    } else if (parent.isObject) {
      (parent.container as Record<string, unknown>)[parent.key ?? ''] = value;
    } else {
      (parent.container as unknown[]).push(value);
    }
    this.state = State.CommaOrEnd;
  }

  private fail(what: string, offset: number): never {
    throw new InvalidImportError(`The file is not valid JSON: ${what} at byte ${offset}.`);
  }
}
