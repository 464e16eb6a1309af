import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../contract/limits.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../../contract/order-status.js';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { readDocument, storeDocument } from '../services/documents.js';

const storedSchema = envelopeSchema({
  type: 'object',
  // Required fields keep an error envelope from being serialized through this schema.
  required: ['id', 'kind', 'mime', 'size'],
  properties: { id: { type: 'string' }, kind: { type: 'string' }, mime: { type: 'string' }, size: { type: 'integer' } },
});

function isKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** Identity documents and signatures: multipart in (the one non-form body), owner-only out. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/common/upload',
    {
      schema: {
        querystring: { type: 'object', properties: { kind: { type: 'string', maxLength: 32 } } },
        response: { 200: { anyOf: [storedSchema, errorEnvelopeSchema] }, 401: errorEnvelopeSchema, 413: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new ApiError('FILE_REQUIRED', 400);
      // Sign-in is checked before reading the body, so an anonymous upload is not buffered.
      const { user } = await requireUser(app, request);
      const file = await request.file();
      if (!file) throw new ApiError('FILE_REQUIRED', 200, { file: 'FILE_REQUIRED' });
      const fieldKind = file.fields.kind && 'value' in file.fields.kind ? file.fields.kind.value : undefined;
      const kind = (request.query as { kind?: string }).kind ?? fieldKind;
      if (!isKind(kind)) throw new ApiError('BAD_REQUEST', 400, { kind: 'BAD_REQUEST' });
      const bytes = await file.toBuffer();
      if (bytes.length === 0) throw new ApiError('FILE_REQUIRED', 200, { file: 'FILE_REQUIRED' });
      const stored = await storeDocument(app.documents, user.id, kind, bytes);
      return ok(request.lang, stored, 'api.uploaded');
    },
  );

  app.get(
    '/api/common/file',
    { schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const { user } = await requireUser(app, request);
      const found = await readDocument(app.documents, user.id, (request.query as { id: string }).id);
      if (!found) throw new NotFoundError();
      return reply
        .header('content-type', found.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(found.bytes);
    },
  );
}
