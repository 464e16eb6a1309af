import { z } from 'zod';

/** POST /api/handoff/create: the order to continue with ('' for the monthly bill). */
export const handoffCreateSchema = z.object({ orderNo: z.string().max(32).optional().default('') });

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
