import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageLocation } from '../config.js';

// The object store behind STORAGE_URL (docs/decisions/039-object-storage.md): AWS S3 or any S3-compatible service
// (MinIO, Cloudflare R2, Backblaze B2), through the official AWS SDK. The SDK is loaded only when STORAGE_URL is set,
// so the embedded default never pays for it. Credentials are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from the
// settings, or else the SDK's own chain (a profile, an instance role); never in the URL, never logged.

type S3Sdk = typeof S3Module;
export type S3Location = Extract<StorageLocation, { kind: 's3' }>;

export interface StoredObject {
  key: string;
  size: number;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class S3Objects {
  private constructor(
    private readonly sdk: S3Sdk,
    private readonly client: S3Client,
    readonly location: S3Location,
  ) {}

  static async open(location: S3Location): Promise<S3Objects> {
    // The SDK prints, once per process, that its releases after January 2027 will need Node 22. The version pinned here
    // runs on Node 20 (../shared/STACK.md); moving to Node 22 is its own decision (docs/decisions/042-backups.md). Left
    // on, the notice lands on stderr at every start and in every nightly backup's cron mail, burying real errors.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      // From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY when set; otherwise the SDK's own chain (profile, role).
      ...(location.credentials ? { credentials: location.credentials } : {}),
      // S3-compatible services (R2, MinIO, Backblaze, s3rver) refuse the SDK's newer default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    return new S3Objects(sdk, client, location);
  }

  private full(key: string): string {
    return `${this.location.prefix}${key}`;
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: this.full(key), Body: body, ContentType: contentType }));
  }

  /** The object's bytes, or null when there is no such object. */
  async get(key: string): Promise<Buffer | null> {
    try {
      const reply = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.full(key) }));
      return reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's size, or null when there is no such object. */
  async size(key: string): Promise<number | null> {
    try {
      const reply = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.full(key) }));
      return reply.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.full(key) }));
  }

  /** Every object whose key starts with `prefix` (keys without the location's prefix). */
  async *list(prefix: string): AsyncGenerator<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.full(prefix), ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key.slice(this.location.prefix.length), size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
