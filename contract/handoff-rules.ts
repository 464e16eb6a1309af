import { z } from 'zod';

/**
 * Where a link lands: the pay page (default), the order's identity step (/pages/process/verify),
 * or the eSIM install on the order's page (/pages/order/detail), which only a phone's own browser
 * can open in one tap.
 */
export const HANDOFF_NEXT = ['pay', 'verify', 'esim'] as const;
export type HandoffNext = (typeof HANDOFF_NEXT)[number];

/** POST /api/handoff/create: the order to continue with ('' for the monthly bill), and where. */
export const handoffCreateSchema = z.object({
  orderNo: z.string().max(32).optional().default(''),
  next: z.enum(HANDOFF_NEXT, { error: 'BAD_REQUEST' }).optional().default('pay'),
});

/** POST /api/handoff/redeem: the token from the link. */
export const handoffRedeemSchema = z.object({ token: z.string().max(100).optional().default('') });

/**
 * POST /api/miniprogram/ticket, called by the mini-program itself: its login code (wx.login,
 * my.getAuthCode) for a one-time ticket it puts in its web view's URL.
 */
export const miniProgramTicketSchema = z.object({
  platform: z.enum(['wechat', 'alipay'], { error: 'BAD_REQUEST' }),
  code: z.string().min(1, 'REQUIRED').max(512),
});
