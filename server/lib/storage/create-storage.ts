import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { diskStorage } from './disk-storage.js';
import { s3Client, s3Storage } from './s3-storage.js';
import type { StorageProvider } from './storage-provider.js';
import { diskUsageInbox, s3UsageInbox, type UsageInbox } from './usage-inbox.js';

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
  | 'USAGE_INBOX_DIR'
  | 'USAGE_INBOX_PREFIX'
>;

function clientFor(config: StorageConfig): S3Client {
  return s3Client({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Where encrypted identity documents go: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createDocumentStorage(config: StorageConfig): StorageProvider {
  if (config.S3_BUCKET) return s3Storage(clientFor(config), config.S3_BUCKET, config.S3_PREFIX);
  return diskStorage(join(config.DATA_DIR, 'uploads'));
}

/** Where usage files wait: USAGE_INBOX_PREFIX in the bucket when S3_BUCKET is set, else USAGE_INBOX_DIR. */
export function createUsageInbox(config: StorageConfig): UsageInbox {
  if (config.S3_BUCKET) return s3UsageInbox(clientFor(config), config.S3_BUCKET, config.USAGE_INBOX_PREFIX);
  return diskUsageInbox(config.USAGE_INBOX_DIR);
}
