// The AWS SDK is loaded when a bucket is first used, not at every start: importing it is about
// half a second of a server's start, and a server keeping its files on disk never needs it.
// Required (its CommonJS build) so the factories that make clients stay synchronous.
import { createRequire } from 'node:module';
import type * as S3Sdk from '@aws-sdk/client-s3';

let sdk: typeof S3Sdk | undefined;

export function s3Sdk(): typeof S3Sdk {
  return (sdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3Sdk);
}
