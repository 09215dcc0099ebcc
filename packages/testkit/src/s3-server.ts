import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from 'fauxqs';
import { verifySigV4 } from './bedrock-sigv4.js';

export interface S3Server {
  /** The endpoint, `http://127.0.0.1:<port>`: give it with `forcePathStyle: true`. */
  readonly url: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  /** Every key stored in the bucket (completed objects only), sorted. */
  objectKeys(): Promise<string[]>;
  /** Keys of multipart uploads created and neither completed nor aborted. */
  pendingUploads(): string[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A local S3 for tests: fauxqs's S3 emulator (CreateBucket, Put/Get/Delete/ListObjectsV2 and
 * the whole multipart cycle; version 1.9, the last line for Node 20) kept in memory, so nothing
 * is left on disk, listening on 127.0.0.1 at an ephemeral port. In front of it every request
 * must carry a valid AWS Signature V4 for this server's own random credentials (fauxqs accepts
 * any), and it keeps the multipart uploads it saw open, which S3 would only tell through
 * ListMultipartUploads (fauxqs has none).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'confab-test';
  const region = 'us-east-1';
  const credentials = {
    accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('base64url'),
  };
  const pending = new Map<string, string>();

  // fauxqs declares its app through a Fastify namespace import that resolves to any here.
  const app: FastifyInstance = buildApp({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const verdict = verifySigV4({
      method: request.method,
      // S3 signs the path encoded once: decode what arrived and let the canonicaliser encode it.
      pathname: decodeURIComponent(url.pathname),
      query: url.searchParams,
      headers: request.headers,
      // The SDK always sends x-amz-content-sha256, which is what gets signed.
      body: '',
      credentials,
    });
    if (verdict !== 'ok') {
      const code = verdict === 'unknown_key' ? 'InvalidAccessKeyId' : 'SignatureDoesNotMatch';
      return reply
        .code(403)
        .type('application/xml')
        .send(xmlError(code, `Request refused: ${verdict}`));
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const key = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    const uploadId = url.searchParams.get('uploadId');
    if (reply.statusCode < 300) {
      if (request.method === 'POST' && url.searchParams.has('uploads') && typeof payload === 'string') {
        const created = /<UploadId>([^<]+)<\/UploadId>/.exec(payload)?.[1];
        if (created) pending.set(created, key);
      } else if (
        uploadId &&
        (request.method === 'DELETE' || (request.method === 'POST' && !url.searchParams.has('partNumber')))
      ) {
        pending.delete(uploadId);
      }
    }
    return payload;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const client = new S3Client({ endpoint: url, region, forcePathStyle: true, credentials });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    client.destroy();
    await app.close();
    throw err;
  }

  return {
    url,
    bucket,
    region,
    ...credentials,
    async objectKeys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    pendingUploads: () => [...pending.values()].sort(),
    async close() {
      client.destroy();
      await app.close();
    },
  };
}
