import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpClient } from '../../api/http-client';
import { fetchDocument } from '../../api/purchase';
import type { PurchaseStore } from './purchase-store';

interface Props {
  purchase: PurchaseStore;
  http: HttpClient;
  field: string;
  kind: string;
  label: string;
  /** Translated error for this field, from the last check. */
  error?: string;
  disabled?: boolean;
  onError: (field: string, key: string) => void;
}

/** One document: take a photo or choose a file, see what was uploaded, replace it. */
export const UploadField = observer(function UploadField({ purchase, http, field, kind, label, error, disabled, onError }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const docId = purchase.form[field] ?? '';
  const busy = purchase.uploading[field] === true;
  const [preview, setPreview] = useState('');

  useEffect(() => {
    if (!docId) {
      setPreview('');
      return;
    }
    let url = '';
    let cancelled = false;
    fetchDocument(http, docId)
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
  }, [docId, http]);

  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const result = await purchase.uploadDocument(field, kind, file);
    onError(field, result.ok ? '' : result.error);
    if (input.current) input.current.value = '';
    if (camera.current) camera.current.value = '';
  };

  return (
    <div className={error ? 'upload-field field-invalid' : 'upload-field'} role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="upload-label">
        {label}
      </p>
      <div className="upload-body">
        <div className="upload-preview" aria-hidden={preview ? undefined : true}>
          {preview ? <img src={preview} alt={t('purchase.uploadedPreview', { name: label })} /> : <span className="upload-placeholder" />}
        </div>
        <div className="upload-actions">
          <p className="upload-status" aria-live="polite">
            {busy ? t('purchase.uploading') : docId ? t('purchase.uploaded', { name: purchase.fileNames[field] ?? '' }) : t('purchase.notUploaded')}
          </p>
          <label className={disabled || busy ? 'button button-outline button-small is-disabled' : 'button button-outline button-small'}>
            <input
              ref={camera}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              disabled={disabled || busy}
              onChange={(e) => void onPick(e.target.files)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {t('purchase.takePhoto')}
          </label>
          <label className={disabled || busy ? 'button button-outline button-small is-disabled' : 'button button-outline button-small'}>
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              // HEIC is not listed: the server cannot decode it, and iOS hands over a JPEG
              // of the same photo when the page does not ask for HEIC.
              accept="image/jpeg,image/png,application/pdf"
              disabled={disabled || busy}
              onChange={(e) => void onPick(e.target.files)}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid={`file-${field}`}
            />
            {docId ? t('purchase.replaceFile') : t('purchase.chooseFile')}
          </label>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});
