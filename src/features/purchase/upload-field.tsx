import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTarget, UploadFailure } from '../../lib/document-uploads';

interface Props {
  /** The form the document's id goes into: the purchase draft, or a change of address. */
  target: DocumentTarget;
  field: string;
  kind: string;
  label: string;
  /** Translated error for this field from the form's last check. */
  error?: string;
  disabled?: boolean;
  /** Told after every pick, so the form can drop its own error for this field. */
  onPicked?: (field: string) => void;
}

// Only a request that never got an answer is worth sending again as it is. (Kept out of
// lib/document-uploads: a page chunk importing a value from it splits mobx out of the entry.)
const isRetryable = (failure: UploadFailure) => failure.error === 'NETWORK' || failure.error === 'TIMEOUT';

const NO_ANSWER: Record<string, string> = { NETWORK: 'purchase.uploadNetwork', TIMEOUT: 'purchase.uploadTimeout' };

/** The server's own words when it answered; ours for a refusal made here or no answer at all. */
function useFailureText(failure: UploadFailure | undefined): string {
  const { t } = useTranslation();
  if (!failure) return '';
  return (
    failure.msg || t(NO_ANSWER[failure.error] ?? `api.errors.${failure.error}`, { seconds: failure.retryAfter ?? 60 })
  );
}

/** One document: take a photo or choose a file, see what was uploaded, replace it. */
export const UploadField = observer(function UploadField({
  target,
  field,
  kind,
  label,
  error,
  disabled,
  onPicked,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  // Kept for a retry after the network dropped: the customer need not pick the file again.
  const lastFile = useRef<File | null>(null);
  const docId = target.form[field] ?? '';
  const busy = target.uploads.uploading[field] === true;
  const failure = target.uploads.failures[field];
  const failureText = useFailureText(failure);
  const shownError = failureText || error;
  const [preview, setPreview] = useState('');
  const read = target.uploads.read;

  useEffect(() => {
    if (!docId) {
      setPreview('');
      return;
    }
    let url = '';
    let cancelled = false;
    read(docId)
      .then((blob) => {
        if (cancelled || !blob.type.startsWith('image/')) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [docId, read]);

  const send = async (file: File) => {
    lastFile.current = file;
    onPicked?.(field);
    await target.uploadDocument(field, kind, file);
  };
  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    await send(file);
    if (input.current) input.current.value = '';
    if (camera.current) camera.current.value = '';
  };
  const retry = () => {
    if (lastFile.current) void send(lastFile.current);
  };

  return (
    <div
      className={shownError ? 'upload-field field-invalid' : 'upload-field'}
      data-field={field}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <p id={`${id}-label`} className="upload-label">
        {label}
      </p>
      <div className="upload-body">
        <div className="upload-preview" aria-hidden={preview ? undefined : true}>
          {preview ? (
            <img src={preview} alt={t('purchase.uploadedPreview', { name: label })} />
          ) : (
            <span className="upload-placeholder" />
          )}
        </div>
        <div className="upload-actions">
          <p className="upload-status" aria-live="polite">
            {busy
              ? t('purchase.uploading')
              : docId
                ? t('purchase.uploaded', { name: target.fileNames[field] || t('purchase.sentBefore') })
                : t('purchase.notUploaded')}
          </p>
          <label
            className={
              disabled || busy ? 'button button-outline button-small is-disabled' : 'button button-outline button-small'
            }
          >
            <input
              ref={camera}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              disabled={disabled || busy}
              onChange={(e) => void onPick(e.target.files)}
              aria-describedby={shownError ? `${id}-error` : undefined}
            />
            {t('purchase.takePhoto')}
          </label>
          <label
            className={
              disabled || busy ? 'button button-outline button-small is-disabled' : 'button button-outline button-small'
            }
          >
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              // HEIC is not listed: the server cannot decode it, and iOS hands over a JPEG
              // of the same photo when the page does not ask for HEIC.
              accept="image/jpeg,image/png,application/pdf"
              disabled={disabled || busy}
              onChange={(e) => void onPick(e.target.files)}
              aria-describedby={shownError ? `${id}-error` : undefined}
              data-testid={`file-${field}`}
            />
            {docId ? t('purchase.replaceFile') : t('purchase.chooseFile')}
          </label>
        </div>
      </div>
      {disabled && !busy && (
        // Buttons that look off must say why: uploading needs an account first.
        <p className="field-hint">{t('purchase.uploadNeedsAccount')}</p>
      )}
      {shownError && (
        <p id={`${id}-error`} className="field-error">
          {shownError}
        </p>
      )}
      {failure && isRetryable(failure) && !busy && (
        <button type="button" className="button button-outline button-small" onClick={retry} disabled={disabled}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
});
