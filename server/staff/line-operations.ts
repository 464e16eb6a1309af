// Staff operations at the SIM's hand-over: the counter's IC chip check and opening the line.
import { eq, or } from 'drizzle-orm';
import { type VerifiedDocument } from '../../contract/identity-rules.js';
import { counterCheckSchema } from '../../contract/identity-views.js';
import type { Database } from '../db/client.js';
import { lines } from '../db/schema.js';
import { recordCounterCheck } from '../identity/index.js';
import { openLine } from '../line/index.js';
import { esimActivation, isEsimOrder } from '../esim/index.js';
import { iccidRetired } from '../lifecycle/index.js';
import { actorName, audit, move, OpsError, orderByNo, type OpsActor } from './ops-common.js';

const isUniqueViolation = (error: unknown, index: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const found = e?.code ? e : e?.cause;
  return found?.code === '23505' && (!found.constraint || found.constraint === index);
};

/**
 * Opens the customer's line: the order becomes active and the line starts on its plan, in one
 * transaction with the customer's message, so a number or SIM taken meanwhile changes nothing.
 */
export async function activateOrder(db: Database, actor: OpsActor, orderNo: string, msisdn: string, iccid: string) {
  const number = msisdn.replace(/-/g, '');
  if (!/^0[789]0\d{8}$/.test(number))
    throw new OpsError('--msisdn must be a Japanese mobile number such as 070-1234-5678', 'MSISDN_INVALID', 'msisdn');
  if (!/^89\d{17,18}$/.test(iccid))
    throw new OpsError('--iccid must be 19 or 20 digits starting with 89', 'ICCID_INVALID', 'iccid');
  const inUse = (what: 'msisdn' | 'iccid') =>
    what === 'msisdn'
      ? new OpsError(`msisdn ${number} is already in use`, 'MSISDN_IN_USE', 'msisdn')
      : new OpsError(`iccid ${iccid} is already in use`, 'ICCID_IN_USE', 'iccid');
  try {
    return await db.transaction(async (tx) => {
      const order = await orderByNo(tx, orderNo);
      // An eSIM order opens on the profile it was given, nothing else.
      const esim = isEsimOrder(order);
      const mismatch = esim ? await esimActivation(tx, order.id, iccid, number, null) : null;
      if (mismatch === 'iccid')
        throw new OpsError(
          `--iccid must be the ICCID of the eSIM profile assigned to ${orderNo}`,
          'ICCID_INVALID',
          'iccid',
        );
      if (mismatch === 'msisdn')
        throw new OpsError(
          `--msisdn must be the number the carrier reserved for ${orderNo}'s eSIM profile`,
          'MSISDN_INVALID',
          'msisdn',
        );
      const [taken] = await tx
        .select({ msisdn: lines.msisdn })
        .from(lines)
        .where(or(eq(lines.msisdn, number), eq(lines.iccid, iccid)))
        .limit(1);
      if (taken) throw inUse(taken.msisdn === number ? 'msisdn' : 'iccid');
      // A SIM replaced after a loss is never accepted again (docs/lost-sim.md).
      if (await iccidRetired(tx, iccid)) throw inUse('iccid');
      await move(tx, actor, orderNo, 'active', `line ${number}`);
      const line = await openLine(tx, order, number, iccid, actorName(actor));
      if (esim) await esimActivation(tx, order.id, iccid, number, line.id);
      await audit(tx, actor, 'create-line', number, { orderNo, iccid });
      return line;
    });
  } catch (error) {
    // Another activation took the number or the SIM between the check and the insert.
    if (isUniqueViolation(error, 'lines_msisdn_key')) throw inUse('msisdn');
    if (isUniqueViolation(error, 'lines_iccid_key')) throw inUse('iccid');
    throw error;
  }
}

/** Where an order may be checked at the counter: paid, and not yet handed over. */
const COUNTER_STATUSES = ['paid', 'under_review', 'approved', 'ready_for_pickup'];

/**
 * Staff's record of the face-to-face IC chip check at the store (pickup orders), with its
 * audit row in one transaction. Only the document number's last 4 characters are kept.
 */
export async function counterCheck(
  db: Database,
  actor: OpsActor,
  orderNo: string,
  input: { documentType: VerifiedDocument; documentLast4: string },
) {
  const parsed = counterCheckSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.message === 'DOCUMENT_LAST4_INVALID' ? 'DOCUMENT_LAST4_INVALID' : 'REQUIRED';
    throw new OpsError(
      'a document type and the last 4 characters of its number are required',
      key,
      String(issue?.path[0] ?? 'documentLast4'),
    );
  }
  const order = await orderByNo(db, orderNo);
  if (order.info.delivery !== 'pickup')
    throw new OpsError(`order ${orderNo} is not picked up at a store`, 'DELIVERY_MISMATCH', 'delivery');
  if (!COUNTER_STATUSES.includes(order.status))
    throw new OpsError(`order ${orderNo} is ${order.status}; no counter check now`, 'STATUS_CONFLICT');
  return db.transaction(async (tx) => {
    const row = await recordCounterCheck(tx, order, { ...parsed.data, checkedBy: actorName(actor) });
    await audit(tx, actor, 'counter-check', orderNo, {
      verificationNo: row.verificationNo,
      documentType: parsed.data.documentType,
      documentLast4: parsed.data.documentLast4,
    });
    return row;
  });
}
