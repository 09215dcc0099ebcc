import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from './s3-server.js';

describe('startS3Server', () => {
  let server: S3Server;
  let client: S3Client;
  const clientWith = (secretAccessKey: string) =>
    new S3Client({
      endpoint: server.url,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey },
    });

  beforeAll(async () => {
    server = await startS3Server({ bucket: 'kit-bucket' });
    client = clientWith(server.secretAccessKey);
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });

  it('listens on loopback with its bucket ready', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.bucket).toBe('kit-bucket');
    await client.send(new PutObjectCommand({ Bucket: 'kit-bucket', Key: 'a/b', Body: 'hello' }));
    const got = await client.send(new GetObjectCommand({ Bucket: 'kit-bucket', Key: 'a/b' }));
    expect(await got.Body?.transformToString()).toBe('hello');
    expect(await server.objectKeys()).toEqual(['a/b']);
  });

  it('refuses a request signed with the wrong secret', async () => {
    const intruder = clientWith('not-the-secret');
    await expect(
      intruder.send(new PutObjectCommand({ Bucket: 'kit-bucket', Key: 'intruder', Body: 'x' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    intruder.destroy();
    expect(await server.objectKeys()).not.toContain('intruder');
  });

  it('tells the multipart uploads left open', async () => {
    const open = await client.send(new CreateMultipartUploadCommand({ Bucket: 'kit-bucket', Key: 'open' }));
    const done = await client.send(new CreateMultipartUploadCommand({ Bucket: 'kit-bucket', Key: 'done' }));
    expect(server.pendingUploads()).toEqual(['done', 'open']);

    const part = await client.send(
      new UploadPartCommand({ Bucket: 'kit-bucket', Key: 'done', UploadId: done.UploadId, PartNumber: 1, Body: 'x' }),
    );
    expect(server.pendingUploads()).toEqual(['done', 'open']);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'kit-bucket',
        Key: 'done',
        UploadId: done.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(server.pendingUploads()).toEqual(['open']);
    await client.send(new AbortMultipartUploadCommand({ Bucket: 'kit-bucket', Key: 'open', UploadId: open.UploadId }));
    expect(server.pendingUploads()).toEqual([]);
    expect(await server.objectKeys()).toEqual(['a/b', 'done']);
  });
});
