import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { z } from 'zod';

// WeChat Pay API v3 signing rules: every request and notification is signed with
// RSA-SHA256 over lines ending in "\n"; notification resources are AES-256-GCM encrypted
// with the merchant's 32-byte APIv3 key.

export function signMessage(privateKeyPem: string, lines: string[]): string {
  return createSign('RSA-SHA256')
    .update(lines.map((l) => `${l}\n`).join(''))
    .sign(privateKeyPem, 'base64');
}

export function verifyMessage(publicKeyPem: string, lines: string[], signature: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(lines.map((l) => `${l}\n`).join(''))
      .verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a v3 API request. */
export function authorizationHeader(opts: {
  mchid: string;
  serialNo: string;
  privateKeyPem: string;
  method: string;
  path: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const signature = signMessage(opts.privateKeyPem, [opts.method, opts.path, timestamp, nonce, opts.body]);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${opts.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${opts.serialNo}"`;
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data: string;
}

export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
): EncryptedResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: body.toString('base64'), nonce, associated_data: associatedData };
}

export function decryptResource(
  apiV3Key: string,
  resource: Pick<EncryptedResource, 'ciphertext' | 'nonce'> & { associated_data?: string | undefined },
): string | null {
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// What a notification must carry to settle anything; other fields are WeChat's and ignored.
const notificationBodySchema = z.object({
  id: z.string().min(1),
  resource: z.object({ ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional() }),
});

const transactionSchema = z.object({
  mchid: z.string().optional(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional(),
  trade_state: z.string().optional(),
  amount: z.object({ total: z.number().optional(), currency: z.string().optional() }),
});

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

interface Transaction {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** Checks a v3 notification's signature and freshness, then decrypts its transaction. */
export function readNotification(
  opts: { platformPublicKeyPem: string; apiV3Key: string; maxSkewSeconds?: number; now?: number },
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
) {
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  if (!timestamp || !nonce || !signature) return null;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (opts.maxSkewSeconds ?? 300)) return null;
  if (!verifyMessage(opts.platformPublicKeyPem, [timestamp, nonce, rawBody], signature)) return null;
  const body = notificationBodySchema.safeParse(parseJson(rawBody));
  if (!body.success) return null;
  const plain = decryptResource(opts.apiV3Key, body.data.resource);
  const parsed = plain === null ? null : transactionSchema.safeParse(parseJson(plain));
  if (!parsed?.success) return null;
  const tx = parsed.data;
  return {
    notifyId: body.data.id,
    paymentNo: tx.out_trade_no,
    tradeNo: tx.transaction_id ?? '',
    amount: Number(tx.amount.total),
    currency: tx.amount.currency ?? '',
    merchantId: tx.mchid ?? '',
    paid: tx.trade_state === 'SUCCESS',
  };
}

/** Builds a signed notification exactly as WeChat Pay sends one (used by the sandbox). */
export function buildNotification(
  opts: { platformPrivateKeyPem: string; apiV3Key: string; serial: string },
  transaction: Transaction,
  id: string,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id,
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: transaction.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.FAIL',
    summary: transaction.trade_state === 'SUCCESS' ? '支付成功' : '支付失败',
    resource: encryptResource(opts.apiV3Key, JSON.stringify(transaction)),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': opts.serial,
      'wechatpay-signature': signMessage(opts.platformPrivateKeyPem, [timestamp, nonce, body]),
    },
    body,
  };
}

/** getBrandWCPayRequest parameters for a prepay id: every value a string, paySign RSA. */
export function jsapiParams(appId: string, prepayId: string, privateKeyPem: string): Record<string, string> {
  const timeStamp = String(Math.floor(Date.now() / 1000));
  const nonceStr = randomBytes(16).toString('hex');
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: signMessage(privateKeyPem, [appId, timeStamp, nonceStr, pkg]),
  };
}

/** How WeChat Pay expects a notification to be answered: 200 with SUCCESS, else 4xx with FAIL. */
export function wechatAck(ok: boolean) {
  return ok
    ? { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' }
    : { status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' };
}
