import type { S3Client } from '@aws-sdk/client-s3';
import { s3Sdk } from './s3-sdk.js';
import type { StorageProvider } from './storage-provider.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty or undefined: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** One client for a bucket; documents and the usage inbox may share it. */
export function s3Client(settings: S3Settings): S3Client {
  const { S3Client } = s3Sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint || undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Other S3-compatible services do not all accept the CRC checksums the SDK now adds by
    // default; AWS keeps them. Document bytes carry their own GCM tag either way.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A bucket that does not answer fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** "The object is not there", as opposed to every other failure (credentials, bucket, network). */
export function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  // NoSuchBucket is a 404 too, and must not pass for a missing document.
  return error.name === 'NoSuchKey' || (status === 404 && error.name === 'NotFound');
}

/**
 * Documents in a bucket, one object per key under `prefix`. What it is given is already
 * encrypted (services/documents.ts): the bucket never holds a readable document.
 */
export function s3Storage(client: S3Client, bucket: string, prefix = 'documents/'): StorageProvider {
  const keyOf = (key: string) => {
    // The same names as the disk provider accepts: server-made UUIDs, nothing a path could hide in.
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return `${prefix}${key}`;
  };
  return {
    async put(key, bytes) {
      // One PUT: the object appears whole or not at all.
      await client.send(
        new (s3Sdk().PutObjectCommand)({
          Bucket: bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      const objectKey = keyOf(key);
      try {
        const answer = await client.send(new (s3Sdk().GetObjectCommand)({ Bucket: bucket, Key: objectKey }));
        if (!answer.Body) throw new Error(`no body for ${objectKey}`);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
}
