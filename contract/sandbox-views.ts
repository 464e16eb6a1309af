import { z } from 'zod';

// What the sandbox stand-ins for outside services accept and answer: the card gateway's token
// service and 3-D Secure page, the WeChat Pay and Alipay cashiers, WeChat's consent page and
// Alipay's auth code. Their shapes are those services' (field names included), not this API's.

const short = z.string().max(64).optional();

/** The gateway's token request, as its token.js posts it; other keys are refused past 100 characters, as before. */
export const cardTokenBodySchema = z
  .object({
    shopId: z.string().max(100).optional(),
    cardno: z.string().max(100).optional(),
    expire: z.string().max(100).optional(),
    securitycode: z.string().max(100).optional(),
    holdername: z.string().max(100).optional(),
  })
  .catchall(z.string().max(100));

/** The gateway's token answer: a result code and, on success, the token with the masked card. */
export const cardTokenResultSchema = z.object({
  resultCode: z.string(),
  tokenObject: z.object({
    token: z.array(z.string()).optional(),
    toBeExpiredAt: z.string().optional(),
    maskedCardNo: z.string().optional(),
    isSecurityCodeSet: z.boolean().optional(),
  }),
});

export const secureChallengeQuerySchema = z.object({ payment: z.string().optional() });

/** The 3-D Secure page's own form; other keys are dropped. */
export const secureResultBodySchema = z.object({ payment: short, result: short });

export const providerParamsSchema = z.object({ provider: z.string() });

/**
 * `scan`: opened by scanning a Native code_url with a phone (it ends there, not back at the shop).
 * `wallet`: the Alipay+ wallet paying (ALIPAY_HK), whose cashier this is.
 */
export const cashierQuerySchema = z.object({
  trade: z.string().optional(),
  scan: z.string().max(1).optional(),
  wallet: z.string().max(16).optional(),
});

/** A cashier's own form (pay or cancel); other keys are dropped. */
export const cashierBodySchema = z.object({ trade: short, result: short, scan: short });

/** What the WeChat client or the Alipay app reports when the customer confirms or cancels. */
export const cashierConfirmBodySchema = z.object({ trade: short, result: z.string().max(8).optional() });

export const cashierConfirmedSchema = z.object({ ok: z.boolean(), status: z.string().optional() });

/** WeChat's web authorization request (connect/oauth2/authorize). */
export const authorizeQuerySchema = z.object({
  appid: z.string().max(64).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(16).optional(),
  scope: z.string().max(32).optional(),
  state: z.string().max(128).optional(),
});

/** The consent page's form. */
export const consentBodySchema = z.object({
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(128).optional(),
  nickname: z.string().max(64).optional(),
});

/** What AlipayJSBridge.call('getAuthCode') is given and hands back. */
export const alipayAuthCodeBodySchema = z.object({ uid: short, nickname: short });

/** What wx.login / my.getAuthCode hand a mini-program: a code for this (sandbox) person. */
export const miniProgramLoginBodySchema = z.object({ platform: short, uid: short, nickname: short });

export const alipayAuthCodeSchema = z.object({ authCode: z.string() });
