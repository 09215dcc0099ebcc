import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertSafeKey, StorageNotFoundError, type StorageAdapter } from './storage.js';

export interface S3StorageOptions {
  /** An S3-compatible service (MinIO, R2, ...); AWS itself when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither: without them the SDK's default chain (env, profile, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`, as most S3-compatible services want. */
  forcePathStyle?: boolean;
}

/**
 * Parts of a multipart upload. 5 MiB is S3's minimum; with two in flight an upload holds about
 * 15 MiB of memory whatever the file's size.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function abortError(): Error {
  return Object.assign(new Error('The upload was aborted.'), { name: 'AbortError' });
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * Objects in an S3 bucket (`fileStrategy: "s3"`). A put streams through lib-storage's Upload:
 * one PutObject for a body under 5 MiB, a multipart upload above, so nothing is buffered whole.
 * S3 makes an object visible only once its PutObject or CompleteMultipartUpload succeeds, and
 * a failed or aborted multipart upload is aborted, so a cut-off put leaves nothing behind.
 */
export class S3Storage implements StorageAdapter {
  readonly source = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    const { accessKeyId, secretAccessKey } = options;
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // S3-compatible services often reject the CRC32 checksums the SDK adds by default since
      // 2025; AWS itself keeps them.
      ...(options.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; signal?: AbortSignal },
  ): Promise<{ bytes: number }> {
    const Key = assertSafeKey(key);
    const { signal } = options;
    if (signal?.aborted) {
      body.destroy();
      throw abortError();
    }
    let bytes = 0;
    let sourceError: unknown;
    body.once('error', (err) => {
      sourceError ??= err;
    });
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        bytes += buffer.length;
        yield buffer;
      }
    }
    // An abort destroys the source rather than calling Upload.abort(): the upload then fails the
    // way a broken stream does, and done() settles only after lib-storage has finished its
    // requests and aborted the multipart upload (Upload.abort() rejects at once and leaves
    // in-flight parts, even a last PutObject, to land afterwards).
    const onAbort = () => body.destroy(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: Readable.from(counted()), ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A request that failed first leaves the source half read: release it, as pipeline would.
      body.destroy();
      if (signal?.aborted) throw abortError();
      // lib-storage reports a failed AbortMultipartUpload instead of what broke the upload.
      throw sourceError ?? err;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) {
      // Aborted after the last byte was read, while the object was being completed: it landed,
      // but the caller was told the put failed, so it must not stay.
      await this.delete(Key);
      throw abortError();
    }
    return { bytes };
  }

  async get(key: string): Promise<Readable> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
      // In Node the SDK answers with the HTTP response itself: a Readable, consumed as it arrives.
      if (!(Body instanceof Readable)) throw new Error('S3 GetObject answered without a body stream');
      return Body;
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
    } catch (err) {
      // S3 answers 204 for an absent key; some compatible services answer 404.
      if (!isNotFound(err)) throw err;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
