// Documents: identity uploads and signatures, encrypted at rest, re-encoded (PDFs drawn to
// pictures), watermarked for staff.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { uploadRoutes } from './routes/upload.js';

export {
  documentExists,
  type DocumentVault,
  ownedDocuments,
  readDocument,
  storeDocument,
  viewable,
} from './documents.js';
export {
  missingDocumentKeys,
  missingKeysRefusal,
  rotateDocumentKeys,
  rotationBatch,
  rotationRemaining,
  type RotationDeps,
  type RotationReport,
} from './key-rotation.js';
export { refuseWithoutDocumentKeys } from './key-check.js';
export { watermarkImage, watermarkText } from './watermark.js';

/** Registers the domain's routes (app.ts). */
export async function documentsDomain(app: FastifyInstance): Promise<void> {
  await app.register(uploadRoutes);
}
