import { startS3Server, type S3Server } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postUpload, getBytes } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { validateConfig } from '../../config/load-config.js';
import { readEnv } from '../../env.js';
import { createStorage } from '../../platform/storage/create-storage.js';

describe('the store chosen at start-up', () => {
  it('is the local disk by default, and S3 needs its bucket and region', () => {
    expect(createStorage(readEnv({ DATA_DIR: '/tmp/confab-x' }), validateConfig({}, 'x', {})).source).toBe('local');
    expect(() => createStorage(readEnv({}), validateConfig({ fileStrategy: 's3' }, 'x', {}))).toThrow(
      'fileStrategy "s3" needs AWS_BUCKET_NAME and AWS_REGION in the environment',
    );
  });

  describe('fileStrategy "s3" with the AWS_* variables', () => {
    let s3: S3Server;
    let server: TestServer;
    beforeAll(async () => {
      s3 = await startS3Server();
      server = await startTestServer({
        config: { fileStrategy: 's3' },
        env: {
          AWS_ENDPOINT: s3.url,
          AWS_REGION: s3.region,
          AWS_BUCKET_NAME: s3.bucket,
          AWS_ACCESS_KEY_ID: s3.accessKeyId,
          AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
          AWS_FORCE_PATH_STYLE: 'true',
        },
      });
    });
    afterAll(async () => {
      await server.close();
      await s3.close();
    });

    it('stores uploads in the bucket and serves them from it', async () => {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const { status, json } = await postUpload(server.baseUrl, client.token, [{ name: 'in-the-bucket.txt', data: 'bucketed' }]);
      expect(status).toBe(200);
      expect(json.source).toBe('s3');
      expect(await s3.objectKeys()).toEqual([`${json.user}/${json.file_id}`]);
      expect((await getBytes(server.baseUrl, client.token, json.filepath)).body.toString()).toBe('bucketed');
    });
  });
});
