import { and, desc, eq, gte, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminCustomer, CustomerSearch } from '../../contract/admin-api.js';
import type { AddressChangeForm } from '../../contract/admin-customers-views.js';
import { tokyoDate } from '../../contract/calendar.js';
import type { OrderStatus } from '../../contract/order-status.js';
import { addressSchema } from '../../contract/profile-rules.js';
import type { Database } from '../db/client.js';
import {
  bills,
  customerProfiles,
  documents,
  lines,
  orders,
  outbox,
  payments,
  plans,
  usageRecords,
  users,
} from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { parseWith } from '../lib/validate.js';
import { sendAccountCode, type AccountDeps } from '../accounts/index.js';
import { ownedDocuments } from '../documents/index.js';
import { addonMegabytes, changeAddress, profileOf } from '../line/index.js';

/** At most this many customers answer a search. */
export const SEARCH_LIMIT = 50;
/** Rows of each kind on a customer page (orders, bills, payments, messages): the newest. */
const PAGE_ROWS = 100;

const ADDRESS_FIELDS = ['region', 'postcode', 'province', 'city', 'district', 'block', 'building'] as const;
const PROOF_TYPES = ['utility_bill', 'resident_ticket'];

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ways a phone number may be stored, from the way someone typed it: 070-1234-5678,
 * +81 70 1234 5678, 0081..., (070) 1234 5678, full-width digits; Chinese mainland numbers with
 * or without +86. Accounts keep E.164 (+8170...), lines the national digits (070...), orders
 * what the customer typed (compared without its spaces and hyphens).
 */
export function phoneForms(query: string): string[] {
  const compact = query.normalize('NFKC').replace(/[\s\-().]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return [];
  const forms = new Set([compact]);
  const japan = /^(?:\+81|0081|0)([1-9]\d{8,9})$/.exec(compact) ?? /^81([1-9]\d{9})$/.exec(compact);
  if (japan) {
    forms.add(`+81${japan[1]}`);
    forms.add(`0${japan[1]}`);
  }
  const china = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(compact);
  if (china) {
    forms.add(`+86${china[1]}`);
    forms.add(china[1]!);
  }
  return [...forms];
}

/** The shortest text searched as an e-mail part or a number; a name is searched from one character (李). */
const MIN_QUERY = 3;

/**
 * A name as the purchase form keeps it (`lastName`, `firstName`: kanji, kana or romaji, as
 * typed) in either order with its spaces dropped, so 李明, 李 明, "Li Ming" and "Ming Li" are
 * all found by any part of them. Applied to an order's form and to the profile the customer
 * keeps up to date.
 */
const nameForms = (info: AnyColumn) => [
  sql`regexp_replace(coalesce(${info}->>'lastName', '') || coalesce(${info}->>'firstName', ''), '[[:space:]\u3000]', '', 'g')`,
  sql`regexp_replace(coalesce(${info}->>'firstName', '') || coalesce(${info}->>'lastName', ''), '[[:space:]\u3000]', '', 'g')`,
];

/**
 * Customers by name (kanji, kana, romaji or pinyin, any part, any case), e-mail (or a part of
 * it), phone number in any written form, order, bill or payment number. What is typed is taken
 * literally: `%`, `_` and `\` match only themselves.
 */
export async function searchCustomers(db: Database, query: string): Promise<CustomerSearch> {
  const text = query.normalize('NFKC').trim();
  if (!text) return { customers: [] };
  const name = containing(text.replace(/\s+/g, ''));
  const named = (info: AnyColumn) => or(...nameForms(info).map((form) => sql`${form} ilike ${name}`))!;
  const matches: SQL[] = [
    // The account's own name, first in every list of customers the console shows (演示用户):
    // from one character when it is a character of a name (演), else as long as an e-mail part.
    ...(text.length >= MIN_QUERY || /[^\x20-\x7e]/.test(text)
      ? [sql`${users.username} ilike ${containing(text)}`]
      : []),
    inArray(users.id, db.select({ id: orders.userId }).from(orders).where(named(orders.info))),
    inArray(
      users.id,
      db.select({ id: customerProfiles.userId }).from(customerProfiles).where(named(customerProfiles.info)),
    ),
  ];
  if (text.length >= MIN_QUERY) {
    const number = text.toUpperCase();
    matches.push(
      sql`${users.email} ilike ${containing(text)}`,
      inArray(users.id, db.select({ id: orders.userId }).from(orders).where(eq(orders.orderNo, number))),
      inArray(users.id, db.select({ id: bills.userId }).from(bills).where(eq(bills.billNo, number))),
      inArray(users.id, db.select({ id: payments.userId }).from(payments).where(eq(payments.paymentNo, number))),
    );
  }
  const phones = text.length >= MIN_QUERY ? phoneForms(text) : [];
  if (phones.length > 0)
    matches.push(
      inArray(users.mobile, phones),
      inArray(users.id, db.select({ id: lines.userId }).from(lines).where(inArray(lines.msisdn, phones))),
      inArray(
        users.id,
        db
          .select({ id: orders.userId })
          .from(orders)
          .where(inArray(sql`regexp_replace(${orders.info}->>'phone', '[^0-9+]', '', 'g')`, phones)),
      ),
    );
  const found = await db
    .select({ id: users.id, username: users.username, email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(...matches))
    .orderBy(desc(users.id))
    .limit(SEARCH_LIMIT);
  if (found.length === 0) return { customers: [] };
  const ids = found.map((u) => u.id);
  const orderCounts = await db
    .select({ userId: orders.userId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.userId, ids))
    .groupBy(orders.userId);
  const withLine = await db.selectDistinct({ userId: lines.userId }).from(lines).where(inArray(lines.userId, ids));
  const counted = new Map(orderCounts.map((r) => [r.userId, r.count]));
  const lined = new Set(withLine.map((r) => r.userId));
  const names = await customerNames(db, ids);
  return {
    customers: found.map((u) => ({
      ...u,
      name: names.get(u.id) ?? null,
      orders: counted.get(u.id) ?? 0,
      hasLine: lined.has(u.id),
    })),
  };
}

const fullName = (info: AnyColumn) =>
  sql<string>`trim(coalesce(${info}->>'lastName', '') || ' ' || coalesce(${info}->>'firstName', ''))`;

/** The name staff know a customer by: the profile they keep, else their latest order's form. */
async function customerNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const profiles = await db
    .select({ userId: customerProfiles.userId, name: fullName(customerProfiles.info) })
    .from(customerProfiles)
    .where(inArray(customerProfiles.userId, ids));
  for (const row of profiles) if (row.name) out.set(row.userId, row.name);
  const fromOrders = await db
    .select({ userId: orders.userId, name: fullName(orders.info) })
    .from(orders)
    .where(inArray(orders.userId, ids))
    .orderBy(desc(orders.id));
  for (const row of fromOrders) if (row.name && !out.has(row.userId)) out.set(row.userId, row.name);
  return out;
}

async function customerRow(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFoundError();
  return user;
}

/**
 * One customer for support: orders, the line with this Tokyo month's usage, bills, payments,
 * the ids of their address proofs, and messages sent, never a message's text (it may hold a
 * code) nor any identity document.
 */
export async function customerPage(db: Database, id: number, now = new Date()): Promise<AdminCustomer> {
  const user = await customerRow(db, id);
  const orderRows = await db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      planName: orders.planName,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt))
    .limit(PAGE_ROWS);
  const [lineRow] = await db
    .select({ line: lines, plan: plans })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.userId, id))
    .orderBy(desc(lines.activatedAt))
    .limit(1);
  let line: AdminCustomer['line'] = null;
  if (lineRow) {
    const monthStart = `${tokyoDate(now).slice(0, 7)}-01`;
    const [used] = await db
      .select({ mb: sql<number>`coalesce(sum(${usageRecords.megabytes}), 0)::int` })
      .from(usageRecords)
      .where(and(eq(usageRecords.lineId, lineRow.line.id), gte(usageRecords.day, monthStart)));
    line = {
      msisdn: lineRow.line.msisdn,
      iccid: lineRow.line.iccid,
      planName: { cn: lineRow.plan.nameCn, ja: lineRow.plan.nameJa },
      status: lineRow.line.status,
      usedMb: used?.mb ?? 0,
      // With the data top-ups still valid today (server/line/quota.ts), as the customer sees it.
      quotaMb:
        lineRow.plan.dataGb * 1024 +
        ((await addonMegabytes(db, [lineRow.line.id], tokyoDate(now))).get(lineRow.line.id) ?? 0),
    };
  }
  const billRows = await db
    .select()
    .from(bills)
    .where(eq(bills.userId, id))
    .orderBy(desc(bills.month), desc(bills.id))
    .limit(PAGE_ROWS);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAGE_ROWS);
  const proofs = await db
    .select({ id: documents.id, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.userId, id), eq(documents.kind, 'address_proof')))
    .orderBy(desc(documents.createdAt));
  // Code mails go to an address before any account is known: they are found by recipient.
  const recipients = [user.email, user.mobile].filter((r): r is string => !!r);
  const messageRows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      channel: outbox.channel,
      status: outbox.status,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(
      recipients.length > 0 ? or(eq(outbox.userId, id), inArray(outbox.recipient, recipients)) : eq(outbox.userId, id),
    )
    .orderBy(desc(outbox.id))
    .limit(PAGE_ROWS);
  return {
    customer: {
      id: user.id,
      username: user.username,
      email: user.email,
      mobile: user.mobile,
      lang: user.lang === 'ja' ? 'ja' : 'cn',
      createdAt: user.createdAt.toISOString(),
    },
    orders: orderRows.map((o) => ({
      ...o,
      status: o.status as OrderStatus,
      createdAt: o.createdAt.toISOString(),
    })),
    line,
    bills: billRows.map((b) => ({
      billNo: b.billNo,
      month: b.month,
      total: b.total,
      status: b.status,
      dueDate: b.dueDate,
    })),
    payments: paymentRows.map((p) => ({
      paymentNo: p.paymentNo,
      method: p.method,
      scene: p.scene,
      amount: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
    addressProofs: proofs.map((d) => ({ id: d.id, uploadedAt: d.createdAt.toISOString() })),
    messages: messageRows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

/**
 * Sends the activation mail again, the way the site does (the same code mail, the same limits
 * per address; per staff member instead of per client address): only to an account with an
 * e-mail address and no password yet. Answers the address it went to.
 */
export async function resendActivation(deps: AccountDeps, id: number, staffLogin: string): Promise<string> {
  const user = await customerRow(deps.db, id);
  if (!user.email || user.passwordHash !== null) throw new ApiError('ACTIVATION_NOT_NEEDED');
  await sendAccountCode(deps, 'activation', user.email, `staff:${staffLogin}`);
  return user.email;
}

/** The console names the proof `proofDocumentId`; the customer's rules call it `proofDoc`. */
function asConsoleFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, key]) => [field === 'proofDoc' ? 'proofDocumentId' : field, key]),
  );
  return new ApiError(error.key, error.status, fields, error.params, error.messageKey);
}

/**
 * A new address for a customer, backed by an address proof they uploaded: the customer's own
 * rules (addressSchema: the postcode fits the region, the proof is dated within 3 months), and
 * the proof must be an address proof of this customer. Answers the address before and after.
 */
export async function changeCustomerAddress(db: Database, id: number, form: AddressChangeForm, now = new Date()) {
  await customerRow(db, id);
  const proofDoc = form.proofDocumentId ?? '';
  const input = {
    region: form.region,
    postcode: form.postcode,
    province: form.province,
    city: form.city,
    district: form.district,
    block: form.block,
    building: form.building,
    proofType: form.proofType,
    proofDate: form.proofDate,
    proofDoc,
  };
  try {
    // Every field's rule first, so one answer names all that is wrong with the address.
    parseWith(addressSchema(tokyoDate(now)), input);
  } catch (error) {
    throw asConsoleFields(error);
  }
  if (!PROOF_TYPES.includes(form.proofType ?? ''))
    throw new ApiError('PROOF_REQUIRED', 200, { proofType: 'PROOF_REQUIRED' });
  if (!form.proofDate) throw new ApiError('PROOF_REQUIRED', 200, { proofDate: 'PROOF_REQUIRED' });
  if ((await ownedDocuments(db, id, [proofDoc])).get(proofDoc) !== 'address_proof')
    throw new ApiError('PROOF_REQUIRED', 200, { proofDocumentId: 'PROOF_REQUIRED' });
  const before = (await profileOf(db, id)).info;
  let after: Record<string, string>;
  try {
    after = await changeAddress(db, id, input, now);
  } catch (error) {
    throw asConsoleFields(error);
  }
  const pick = (info: Record<string, string>) => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, info[f] ?? '']));
  return { before: pick(before), after: pick(after) };
}
