import { z } from 'zod';
import { isIsoDate } from './calendar';

// Leaving Japan (issue 31): the cancellation with its final bill, and taking the number along
// (port-out). Amounts are integer yen including tax.

const int = z.number().int();
const isoDay = z.string().refine(isIsoDate, 'CANCEL_DATE_INVALID');

/** GET /api/line/cancellation?lastDay= (a quote for that day) and POST /api/line/cancellation {lastDay}. */
export const cancellationQuerySchema = z.object({ lastDay: isoDay.optional() });
export const cancellationRequestSchema = z.object({ lastDay: isoDay });

export const FINAL_BILL_ITEM_CODES = ['monthly_rent', 'keep_number', 'bill', 'cancellation_fee'] as const;

/** One line of the final bill: a month's rent (the keep-number fee for a paused month), an unpaid bill, the fee; with its tax. */
export const finalBillItemSchema = z.object({
  code: z.enum(FINAL_BILL_ITEM_CODES),
  month: z.string().nullable(),
  billNo: z.string().nullable(),
  total: int,
});
export type FinalBillItem = z.infer<typeof finalBillItemSchema>;

/** What booking for a last day costs, stated before the customer confirms. */
export const cancellationQuoteSchema = z.object({
  lastDay: z.string(),
  rule: z.enum(['by_cutoff', 'after_cutoff']),
  /** Rent is owed through this month (YYYY-MM); paidUntil is its last day. */
  billedThrough: z.string(),
  paidUntil: z.string(),
  items: z.array(finalBillItemSchema),
  total: int,
  /** A posted SIM to send back (a physical SIM line; an eSIM has nothing to return). */
  simReturn: z.boolean(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const cancellationBookedSchema = cancellationQuoteSchema.extend({
  status: z.enum(['booked', 'done']),
  /** The final bill to pay (/pages/user/pay?chargeNo=); null when nothing was owed. */
  chargeNo: z.string().nullable(),
  chargeStatus: z.enum(['unpaid', 'paid', 'cancelled']).nullable(),
  withdrawable: z.boolean(),
  /** Staff may end the line now: booked and its last day has come (the sweep ends it the next morning). */
  endable: z.boolean(),
  requestedOn: z.string(),
});
export type CancellationBooked = z.infer<typeof cancellationBookedSchema>;

export const cancellationViewSchema = z.object({
  lineStatus: z.string(),
  /** The days a last day may be picked from (today, Tokyo, to 92 days ahead). */
  minDay: z.string(),
  maxDay: z.string(),
  quote: cancellationQuoteSchema.nullable(),
  cancellation: cancellationBookedSchema.nullable(),
});
export type CancellationView = z.infer<typeof cancellationViewSchema>;

export const PORT_OUT_STATUSES = ['requested', 'issued', 'completed', 'cancelled', 'expired'] as const;

/** GET /api/line/port-out: whether the line may be taken along, and the latest request. */
export const portOutViewSchema = z.object({
  voice: z.boolean(),
  portOut: z
    .object({
      status: z.enum(PORT_OUT_STATUSES),
      /** Ten digits, only once staff issued it and only to the line's owner. */
      reservationNo: z.string().nullable(),
      validUntil: z.string().nullable(),
      requestedAt: z.string(),
    })
    .nullable(),
});
export type PortOutView = z.infer<typeof portOutViewSchema>;

/** The console's leaving panel (GET /api/admin/customers/:id/leaving). */
export const adminLeavingSchema = z.object({
  lineId: int.nullable(),
  lineStatus: z.string().nullable(),
  cancellation: cancellationBookedSchema.nullable(),
  portOut: portOutViewSchema.shape.portOut,
});
export type AdminLeaving = z.infer<typeof adminLeavingSchema>;
