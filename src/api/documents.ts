import type { StoredDocument } from '../../contract/api';
import type { HttpClient } from './http-client';

export function uploadDocument(http: HttpClient, kind: string, file: Blob, fileName: string) {
  const body = new FormData();
  // The kind goes first: the server reads fields that come before the file.
  body.append('kind', kind);
  body.append('file', file, fileName);
  return http.upload<StoredDocument>(`/api/common/upload?kind=${encodeURIComponent(kind)}`, body);
}

export const fetchDocument = (http: HttpClient, id: string) =>
  http.blob(`/api/common/file?id=${encodeURIComponent(id)}`);
