import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorKey } from '../../../contract/api.js';
import { UPLOAD_MAX_BYTES } from '../../../contract/limits.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../contract/order-status.js';
import { documentQuerySchema, uploadQuerySchema } from '../../../contract/queries.js';
import { storedDocumentSchema } from '../../../contract/views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError, NotFoundError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';
import { readDocument, storeDocument, viewable } from '../documents.js';
import {
  checkUploadDay,
  releaseUploadSlot,
  reserveUploadDay,
  takeUploadSlot,
  type Reservation,
} from '../upload-limits.js';
import { spoolUpload, SpoolTooLargeError, sweepStaleSpools, type Spool } from '../upload-spool.js';

function isKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 413);
const malformed = () => new ApiError('UPLOAD_MALFORMED', 400);
const noFile = () => new ApiError('FILE_REQUIRED', 400, { file: 'FILE_REQUIRED' });

/** Over a limit: 429 with how long to wait (Retry-After), as docs/architecture.md#api-envelope says. */
function limited(key: ErrorKey, refusal: Exclude<Reservation, { ok: true }>): ApiError {
  return new ApiError(key, 429, undefined, { seconds: refusal.retryAfter }, undefined, refusal.retryAfter);
}

/**
 * Any fault the multipart parser raises comes from what the client sent (no boundary, a
 * body cut short, too many parts): a 4xx, never a server fault.
 */
function asClientError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SpoolTooLargeError) return tooLarge();
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return malformed();
}

/** Reads the parts: one file in the field `file` and an optional `kind`; anything else is refused. */
async function receive(request: FastifyRequest): Promise<{ spool: Spool; fieldKind: string | undefined }> {
  let spool: Spool | undefined;
  let fieldKind: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') fieldKind = part.value;
        continue;
      }
      if (spool || part.fieldname !== 'file') throw spool ? malformed() : noFile();
      spool = await spoolUpload(part.file, UPLOAD_MAX_BYTES);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await spool?.dispose();
    throw asClientError(error);
  }
  if (!spool) throw noFile();
  return { spool, fieldKind };
}

/** Identity documents and signatures: multipart in (the one non-form body), owner-only out. */
export async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  await app.register(multipart, {
    // files: 2 lets a second file reach the handler, which refuses it as malformed.
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 100, parts: 6 },
    throwFileSizeLimit: true,
  });
  // In the background: a slow temp folder never delays start.
  void sweepStaleSpools().catch(() => undefined);

  app.post(
    '/api/common/upload',
    {
      // The file itself is a stream read in the handler, not a schema-checked body.
      schema: { querystring: uploadQuerySchema, response: replies(storedDocumentSchema) },
    },
    async (request) => {
      if (!request.isMultipart()) throw new ApiError('FILE_REQUIRED', 400);
      // Sign-in and limits are checked before reading the body, so a refused upload is not received.
      const { user } = await requireUser(app, request);
      const queryKind = request.query.kind;
      if (queryKind !== undefined && !isKind(queryKind))
        throw new ApiError('BAD_REQUEST', 400, { kind: 'BAD_REQUEST' });
      const day = await checkUploadDay(app.db, user.id);
      if (!day.ok) throw limited('UPLOAD_QUOTA', day);
      const slot = await takeUploadSlot(app.db, user.id);
      if (!slot.ok) throw limited('UPLOAD_BUSY', slot);
      try {
        const { spool, fieldKind } = await receive(request);
        try {
          const kind = queryKind ?? fieldKind;
          if (!isKind(kind)) throw new ApiError('BAD_REQUEST', 400, { kind: 'BAD_REQUEST' });
          if (spool.size === 0) throw noFile();
          const reserved = await reserveUploadDay(app.db, user.id, spool.size);
          if (!reserved.ok) throw limited('UPLOAD_QUOTA', reserved);
          // The spool is read when this upload's turn to be decoded comes, not before.
          const stored = await storeDocument(app.documents, user.id, kind, () => spool.read());
          return ok(request.lang, stored, 'api.uploaded');
        } finally {
          await spool.dispose();
        }
      } finally {
        await releaseUploadSlot(app.db, user.id);
      }
    },
  );

  app.get('/api/common/file', { schema: { querystring: documentQuerySchema } }, async (request, reply) => {
    const { user } = await requireUser(app, request);
    const stored = await readDocument(app.documents, user.id, request.query.id);
    if (!stored) throw new NotFoundError();
    // A PDF stored before uploads were drawn to pictures comes as its picture too.
    const found = await viewable(stored);
    // Only images this server encoded itself are shown in place; anything else (a file
    // stored before re-encoding) is a download, never run as a page.
    const shown = found.mime === 'image/jpeg' || found.mime === 'image/png';
    return reply
      .header('content-type', found.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', shown ? 'inline' : 'attachment; filename="document"')
      .send(found.bytes);
  });
}
