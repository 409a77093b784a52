import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// An S3-speaking server on a free local port (s3rver: the S3 REST protocol over a temporary directory), for tests of
// the object storage through the real AWS SDK: never a mock of the SDK. Its credentials are s3rver's fixed pair.

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL naming this server's bucket, with `prefix` when given. */
  storageUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Settings for a process or loadConfig: STORAGE_URL and the AWS keys. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server({ bucket = 'charity-test', prefix = '' } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'charity-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&path_style=true`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    storageUrl,
    accessKeyId,
    secretAccessKey,
    env: { STORAGE_URL: storageUrl, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
