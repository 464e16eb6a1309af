import { z } from 'zod';
import { INFORMATION_FIELDS } from './purchase-rules';

/** The most a saved purchase draft may weigh: a full form is under 2 KB. */
export const DRAFT_MAX_BYTES = 16 * 1024;

const text = z.string().max(500);

/**
 * A purchase in progress as the server keeps it for a signed-in customer: the chosen plan,
 * the step-2 fields and the names of the files uploaded (their ids are form fields). Only
 * known fields; the signature is not kept (it is drawn again).
 */
export const purchaseDraftSchema = z
  .object({
    planId: z.number().int().positive().nullable(),
    form: z.partialRecord(z.enum(INFORMATION_FIELDS), text),
    fileNames: z.partialRecord(z.enum(INFORMATION_FIELDS), text),
  })
  .strict();
export type PurchaseDraftView = z.infer<typeof purchaseDraftSchema>;

/** POST /api/purchase/draft: the draft as JSON text in one field. */
export const draftBodySchema = z.object({ draft: z.string().max(DRAFT_MAX_BYTES).optional().default('') });
