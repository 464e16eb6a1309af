import { makeAutoObservable, runInAction } from 'mobx';
import type { Envelope } from '../../contract/api';
import { UPLOAD_MAX_BYTES } from '../../contract/limits';
import { toResult, type ActionResult } from './action-result';

/** Why a document did not go up, in the words the field shows. */
export interface UploadFailure {
  /** The server's key (FILE_TYPE, PAYLOAD_TOO_LARGE, UPLOAD_QUOTA, ...), or NETWORK / TIMEOUT. */
  error: string;
  /** The server's localized message when it answered; '' when it did not. */
  msg: string;
  /** Seconds, when the server said how long a refusal lasts. */
  retryAfter?: number;
}

type Send = (kind: string, file: Blob, fileName: string) => Promise<Envelope<{ id: string }>>;

/**
 * The one way a customer's document goes up, for the purchase and for a change of address:
 * the size is checked before anything is sent, photos are shrunk, and each field remembers
 * why its last upload failed.
 */
export class DocumentUploads {
  uploading: Record<string, boolean> = {};
  failures: Record<string, UploadFailure> = {};

  constructor(
    private readonly send: Send,
    /** Raw bytes of an uploaded document, to show it back to its owner. */
    readonly read: (id: string) => Promise<Blob>,
  ) {
    makeAutoObservable<DocumentUploads, 'send'>(this, { send: false, read: false });
  }

  /** Uploads `file` for `field`; resolves to the stored document's id. */
  async upload(field: string, kind: string, file: File): Promise<ActionResult<string>> {
    this.clearFailure(field);
    if (file.size > UPLOAD_MAX_BYTES)
      return this.fail(field, { ok: false, msg: '', error: 'FILE_TOO_LARGE', fields: {} });
    this.uploading = { ...this.uploading, [field]: true };
    try {
      // Loaded with the first document, like the compression library it calls.
      const loaded = await import('./prepare-image').catch(() => null);
      if (!loaded) return this.fail(field, { ok: false, msg: '', error: 'NETWORK', fields: {} });
      const prepared = await loaded.prepareImage(file);
      const result = await toResult(
        () => this.send(kind, prepared, file.name),
        (stored) => stored.id,
      );
      return result.ok ? result : this.fail(field, result);
    } finally {
      runInAction(() => {
        this.uploading = { ...this.uploading, [field]: false };
      });
    }
  }

  /** Forgets every failure and spinner, when the form they belonged to is gone. */
  reset(): void {
    this.failures = {};
    this.uploading = {};
  }

  clearFailure(field: string): void {
    if (!(field in this.failures)) return;
    const { [field]: _gone, ...rest } = this.failures;
    this.failures = rest;
  }

  private fail(field: string, result: Extract<ActionResult<string>, { ok: false }>): ActionResult<string> {
    const failure: UploadFailure = { error: result.error, msg: result.msg };
    if (result.retryAfter !== undefined) failure.retryAfter = result.retryAfter;
    runInAction(() => {
      this.failures = { ...this.failures, [field]: failure };
    });
    return { ...result, fields: { [field]: result.error } };
  }
}

/** What an upload field works on: a form that holds document ids, in whichever store. */
export interface DocumentTarget {
  readonly form: Record<string, string>;
  readonly fileNames: Record<string, string>;
  readonly uploads: DocumentUploads;
  uploadDocument(field: string, kind: string, file: File): Promise<ActionResult<string>>;
}
