import type { PlanInfo } from '../../../contract/api';
import type { OrderView, ServerDraft } from '../../api/purchase';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';

/** The purchase as kept on the phone, so a killed web view loses nothing. */
export interface PurchaseDraft {
  setmeal: PlanInfo | null;
  form: Record<string, string>;
  image: string;
  fileNames: Record<string, string>;
  resubmitOrderNo: string;
  rejections?: OrderView['rejections'];
  sentBefore?: Record<string, string>;
  prefilledFrom?: string;
}

export function readLocalDraft(storage: KeyValueStorage): Partial<PurchaseDraft> | null {
  return readJson<Partial<PurchaseDraft>>(storage, STORAGE_KEYS.purchase);
}

export function writeLocalDraft(storage: KeyValueStorage, draft: PurchaseDraft | null): void {
  writeJson(storage, STORAGE_KEYS.purchase, draft);
}

/** What the server keeps of a new purchase: never the signature. */
export function serverDraftOf(
  setmeal: PlanInfo | null,
  form: Record<string, string>,
  fileNames: Record<string, string>,
): ServerDraft {
  return {
    planId: setmeal?.id ?? null,
    form: Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'signatureId')),
    fileNames,
  };
}
