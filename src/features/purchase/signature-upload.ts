import { uploadDocument } from '../../api/documents';
import type { HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';

/** The drawn signature (a PNG data URL) uploaded as a document: its id, for the order. */
export async function uploadSignature(http: HttpClient, image: string): Promise<ActionResult<string>> {
  // Needed once, when the order is placed: not part of any page's first render.
  const loaded = await import('../../lib/data-url').catch(() => null);
  if (!loaded) return { ok: false, msg: '', error: 'NETWORK', fields: {} };
  const signature = loaded.dataUrlToBlob(image);
  return toResult(
    () => uploadDocument(http, 'signature', signature, 'signature.png'),
    (d) => d.id,
  );
}
