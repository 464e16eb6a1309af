import { z } from 'zod';

// Query strings of the GET endpoints. Length caps carry no error key: past them the request is
// malformed (400), not a customer's mistake.

/** /api/order/detail: a given order, or the latest without `orderNo`. */
export const orderDetailQuerySchema = z.object({ orderNo: z.string().max(32).optional() });

/** /api/bill/detail */
export const billDetailQuerySchema = z.object({ billNo: z.string().max(32) });

/** /api/charge/detail: one of the customer's one-off charges by its number. */
export const chargeDetailQuerySchema = z.object({ chargeNo: z.string().max(32) });

/** /api/page/detail: a rich-text page by name. */
export const pageQuerySchema = z.object({ name: z.string().max(64) });

/** /api/wechat/jssdk: the page URL to sign. */
export const jssdkQuerySchema = z.object({ url: z.string().max(2000) });

/** /api/common/upload: the document kind may come here or as a form field before the file. */
export const uploadQuerySchema = z.object({ kind: z.string().max(32).optional() });

/** /api/common/file: a stored document by id. */
export const documentQuerySchema = z.object({ id: z.string().max(64) });

/** /dev/outbox: the messages to one address or number. */
export const outboxQuerySchema = z.object({ to: z.string().max(254).optional() });
