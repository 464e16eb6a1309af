import { z } from 'zod';

/** POST /api/handoff/create: the order to continue with ('' for the monthly bill). */
export const handoffCreateSchema = z.object({ orderNo: z.string().max(32).optional().default('') });

/** POST /api/handoff/redeem: the token from the link. */
export const handoffRedeemSchema = z.object({ token: z.string().max(100).optional().default('') });
