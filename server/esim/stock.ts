import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  CONFIRMATION_CODE,
  ICCID,
  MATCHING_ID,
  PROFILE_CSV_COLUMNS,
  PROFILE_IMPORT_MAX_ROWS,
  PROFILE_STATUSES,
  SMDP_ADDRESS,
  type ProfileStatus,
  type ProviderProfileState,
} from '../../contract/esim-rules.js';
import type { StaffProfile, StockImportResult, StockView } from '../../contract/esim-views.js';
import type { Database } from '../db/client.js';
import { esimProfiles, orders } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { deliverWaitingOrders, waitingOrders } from './delivery.js';
import { reissuesOfOrder } from './reissues.js';
import { seal, type EsimDeps, type ProfileRow } from './profiles.js';

// Stock: staff's import of the carrier's CSV (all rows valid or nothing imported; ICCIDs already
// stored skipped, so the same file twice is harmless), and the console's view of it. Errors name
// the line and the key, never the row's content: a matching ID never reaches a log or a reply.

export interface ParsedProfile {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  confirmationCode: string | null;
}

export type RowError = { line: number; key: string };

// Tab and the line ends are the only control characters a CSV file carries.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Reads the CSV: header exactly PROFILE_CSV_COLUMNS, then one profile per line. */
export function parseProfileCsv(csv: string): { rows: ParsedProfile[]; errors: RowError[] } {
  const text = csv.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new ApiError('PROFILE_CSV_INVALID', 200, { csv: 'PROFILE_CSV_INVALID' });
  const all = text.split(/\r?\n/);
  while (all.length > 0 && all[all.length - 1]!.trim() === '') all.pop();
  const header = (all[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  if (header.join(',') !== PROFILE_CSV_COLUMNS.join(','))
    throw new ApiError('PROFILE_CSV_HEADER', 200, { csv: 'PROFILE_CSV_HEADER' });
  if (all.length - 1 > PROFILE_IMPORT_MAX_ROWS)
    throw new ApiError('PROFILE_CSV_TOO_MANY', 200, { csv: 'PROFILE_CSV_TOO_MANY' }, { max: PROFILE_IMPORT_MAX_ROWS });
  const rows: ParsedProfile[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  all.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const cells = raw.split(',').map((c) => c.trim());
    const fail = (key: string) => errors.push({ line, key });
    if (CONTROL.test(raw) || cells.length !== PROFILE_CSV_COLUMNS.length) return fail('PROFILE_CSV_INVALID');
    const [iccid = '', smdpAddress = '', matchingId = '', code = ''] = cells;
    if (!ICCID.test(iccid)) return fail('ICCID_INVALID');
    if (!SMDP_ADDRESS.test(smdpAddress)) return fail('SMDP_ADDRESS_INVALID');
    if (!MATCHING_ID.test(matchingId)) return fail('MATCHING_ID_INVALID');
    if (code !== '' && !CONFIRMATION_CODE.test(code)) return fail('CONFIRMATION_CODE_INVALID');
    if (seen.has(iccid)) return fail('ICCID_DUPLICATE');
    seen.add(iccid);
    rows.push({ iccid, smdpAddress: smdpAddress.toLowerCase(), matchingId, confirmationCode: code || null });
  });
  return { rows, errors };
}

/**
 * Imports the CSV for `importedBy` (staff:<login>, or the ops command): every row sealed and
 * inserted in one transaction, or none when any row is bad. Then approved orders waiting for
 * stock get profiles, oldest approval first.
 */
export async function importProfiles(deps: EsimDeps, csv: string, importedBy: string): Promise<StockImportResult> {
  const { rows, errors } = parseProfileCsv(csv);
  if (errors.length > 0) return { imported: 0, skipped: [], errors, assigned: 0 };
  const skipped: string[] = [];
  let imported = 0;
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const inserted = await tx
        .insert(esimProfiles)
        .values(
          batch.map((r) => ({
            iccid: r.iccid,
            smdpAddress: r.smdpAddress,
            matchingIdSealed: seal(deps.key, r.matchingId),
            confirmationCodeSealed: r.confirmationCode ? seal(deps.key, r.confirmationCode) : null,
            importedBy,
          })),
        )
        .onConflictDoNothing({ target: esimProfiles.iccid })
        .returning({ iccid: esimProfiles.iccid });
      imported += inserted.length;
      const got = new Set(inserted.map((r) => r.iccid));
      skipped.push(...batch.filter((r) => !got.has(r.iccid)).map((r) => r.iccid));
    }
  });
  deps.log.info({ imported, skipped: skipped.length, importedBy }, 'esim profiles imported');
  const assigned = imported > 0 ? await deliverAfterImport(deps) : 0;
  return { imported, skipped, errors: [], assigned };
}

/** Hooks run after stock grows (paid reissues waiting for stock register here: server/esim/reissues). */
const afterImport: ((deps: EsimDeps) => Promise<number>)[] = [deliverWaitingOrders];

/** Lets another part of the domain take profiles when stock grows (answers how many it took). */
export const onStockImported = (hook: (deps: EsimDeps) => Promise<number>) => void afterImport.push(hook);

async function deliverAfterImport(deps: EsimDeps): Promise<number> {
  let assigned = 0;
  for (const hook of afterImport) {
    try {
      assigned += await hook(deps);
    } catch (error) {
      // The import stands; the sweep delivers what this could not.
      deps.log.error({ err: error }, 'esim delivery after import failed');
    }
  }
  return assigned;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function staffProfile(row: ProfileRow, orderNo: string | null): StaffProfile {
  return {
    iccid: row.iccid,
    status: (PROFILE_STATUSES as readonly string[]).includes(row.status) ? (row.status as ProfileStatus) : 'released',
    smdpAddress: row.smdpAddress,
    orderNo,
    msisdn: row.msisdn,
    importedAt: row.importedAt.toISOString(),
    assignedAt: iso(row.assignedAt),
    installedAt: iso(row.installedAt),
    releasedAt: iso(row.releasedAt),
    providerState: (row.providerState as ProviderProfileState | null) ?? null,
  };
}

/** The console's stock page: counts, the low-stock flag, waiting orders, the newest 100 found. */
export async function stockView(
  deps: Pick<EsimDeps, 'db' | 'stockLow'>,
  query: { q: string; status?: ProfileStatus | undefined },
): Promise<StockView> {
  const { db } = deps;
  const grouped = await db
    .select({ status: esimProfiles.status, n: count() })
    .from(esimProfiles)
    .groupBy(esimProfiles.status);
  const counts = { available: 0, assigned: 0, installed: 0, released: 0 };
  for (const g of grouped) if (g.status in counts) counts[g.status as keyof typeof counts] = g.n;
  const where: SQL[] = [];
  if (query.status) where.push(eq(esimProfiles.status, query.status));
  const q = query.q.replace(/[%_\\]/g, '');
  if (q) where.push(or(ilike(esimProfiles.iccid, `%${q}%`), eq(orders.orderNo, q))!);
  const found = await db
    .select({ profile: esimProfiles, orderNo: orders.orderNo })
    .from(esimProfiles)
    .leftJoin(orders, eq(orders.id, esimProfiles.orderId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(esimProfiles.id))
    .limit(100);
  return {
    counts,
    threshold: deps.stockLow,
    low: counts.available <= deps.stockLow,
    waiting: await waitingOrders(db),
    profiles: found.map((r) => staffProfile(r.profile, r.orderNo)),
  };
}

/** The order's profiles as the console shows them (AdminOrder.esim), or null for another delivery. */
export async function staffEsimOf(
  db: Database,
  order: { id: number; orderNo: string; status: string; info: { delivery?: string } },
) {
  if (order.info.delivery !== 'esim') return null;
  const rows = await db
    .select()
    .from(esimProfiles)
    .where(eq(esimProfiles.orderId, order.id))
    .orderBy(desc(esimProfiles.assignedAt), desc(esimProfiles.id));
  const profiles = rows.map((r) => staffProfile(r, order.orderNo));
  const live = rows.find((r) => r.status === 'assigned' || r.status === 'installed') ?? null;
  return {
    current: live ? staffProfile(live, order.orderNo) : null,
    profiles,
    markedInstalledAt: iso(live?.markedInstalledAt ?? null),
    waitingStock: order.status === 'approved' && !live,
    reissues: await reissuesOfOrder(db, order.id),
  };
}
