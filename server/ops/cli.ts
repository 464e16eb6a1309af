import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import type { VerifiedDocument } from '../../contract/identity-rules.js';
import type { Database } from '../db/client.js';
import { auditLog, outbox, staff } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { rotateDocumentKeys, rotationRemaining, type DocumentVault } from '../documents/index.js';
import { retryFailedMessage } from '../notifications/index.js';
import { addStaff, disableStaff, resetStaff, StaffCommandError } from '../staff/index.js';
import {
  activateOrder,
  approveOrder,
  billRun,
  counterCheck,
  importUsage,
  listOrders,
  OpsError,
  readyForPickup,
  rejectOrder,
  shipOrder,
  showOrder,
} from '../staff/index.js';
import { advanceReissue, importProfiles, staffReissue, type EsimDeps } from '../esim/index.js';
import { REISSUE_REASONS, type ReissueReason } from '../../contract/esim-rules.js';
import { paymentsNeedingAttention } from './payments-attention.js';
import { tokyoTime } from './tokyo-time.js';
import { visible } from './visible.js';

export const HELP = `Staff operations on the same database as the server (PGlite or DATABASE_URL).

Usage: npm run ops -- <command> [options]

  orders [--status <status>]                   orders oldest first, placed at (Tokyo time);
                                               "OVERDUE" marks approved orders past the
                                               3-working-day dispatch promise
  show <order> [--out <folder>]                print an order; with --out, write its decrypted
                                               documents to that folder
  approve <order>                              pass review
  reject <order> --reason "..." --document <kind> [--lang cn|ja]
                                               send back to the customer (kinds: residence_front,
                                               residence_back, passport, admission_permit,
                                               address_proof, signature); --lang: the language
                                               the reason is written in, said to a customer who
                                               reads the other
  ship <order> --tracking <no>                 mark as posted
  ready-for-pickup <order>                     mark as waiting in the store
  counter-check <order> --document <type> --last4 <xxxx>
                                               record the IC chip read face to face at the
                                               store (types: residence_card, my_number_card,
                                               driving_licence, passport); a pickup order of a
                                               voice line is handed over only after it
  activate <order> --msisdn <no> --iccid <no>  open the customer's line (an eSIM order: the
                                               ICCID of the profile it was given)
  esim-import <file.csv>                       eSIM profiles from the carrier (iccid,smdp_address,
                                               matching_id,confirmation_code); all rows or none;
                                               approved eSIM orders waiting for stock get theirs
  esim-reissue <order> --reason <why>          a new eSIM profile for the order's line, free
                                               (why: new_phone, deleted, other); the old one is
                                               released at the carrier and cannot be installed
  usage import <file.csv>                      msisdn,YYYY-MM-DD,megabytes per line
  bill run --month YYYY-MM                     monthly bills for active lines (safe to repeat)
  payments --attention                         money staff must look at: refunds pending or
                                               failed, paid payments on unpaid orders or bills,
                                               attempts open for over a day
  staff add [<login>] --role <role> [--name "..."]
                                               a staff console account (roles: reviewer,
                                               fulfilment, support, finance, admin); prints a
                                               one-time password for the first sign-in at /admin/
  staff disable <login>                        no more sign-in; open sessions end
  staff reset <login>                          a new one-time password and a new authenticator
  staff list                                   who has an account, their role and state
  messages --failed                            e-mails, SMS and WeChat messages that kept
                                               failing (kept, with the provider's last error)
  messages retry <id>                          try a failed message again from its first attempt
  migrate                                      apply the migrations this version brings (every
                                               process does at start; run it first to upgrade
                                               without downtime) and say how many are applied
  rotate-document-key [--batch <n>] [--check]  seal again with DOCUMENT_KEY everything an older
                                               key (DOCUMENT_KEY_PREVIOUS) sealed: documents,
                                               eSIM codes, staff authenticator secrets; safe to
                                               stop and run again, or to run twice at once;
                                               --check only counts what is left

Every action is written to the audit log with OPS_USER (or the login name) and the time.
Text a customer typed is printed with control characters escaped (an ESC shows as \\x1b).`;

export interface CliDeps {
  db: Database;
  vault: DocumentVault;
  actor: string;
  today?: string;
  /** Where the console is, for the one-time password's instructions. */
  publicUrl?: string;
  /** The eSIM domain's services: an approval delivers an eSIM order, esim-import fills stock. */
  esim?: EsimDeps;
  /** KEEP_NUMBER_FEE: what a bill run charges a paused month. */
  keepNumberFee?: number;
  /** Lines a long command prints while it runs (the key rotation's progress). */
  progress?: (line: string) => void;
}

// Every option any command takes; a command ignores the ones it does not use.
const OPTIONS = {
  help: { type: 'boolean' },
  status: { type: 'string' },
  out: { type: 'string' },
  reason: { type: 'string' },
  document: { type: 'string' },
  lang: { type: 'string' },
  tracking: { type: 'string' },
  msisdn: { type: 'string' },
  iccid: { type: 'string' },
  month: { type: 'string' },
  attention: { type: 'boolean' },
  role: { type: 'string' },
  name: { type: 'string' },
  failed: { type: 'boolean' },
  last4: { type: 'string' },
  batch: { type: 'string' },
  check: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/** Splits argv with node:util's parseArgs (strict): an unknown option or a missing value is refused. */
function parse(argv: string[]) {
  try {
    const { positionals, values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    return { args: positionals, flags: values };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) throw error;
    const message = (error as Error).message;
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec(message)?.[1] : undefined;
    throw new OpsError(
      unknown ? `unknown option ${unknown}; see --help` : `${message.split('\n')[0]!.replace(/\.$/, '')}; see --help`,
    );
  }
}

const isReissueReason = (value: string): value is ReissueReason =>
  (REISSUE_REASONS as readonly string[]).includes(value);

const need = (value: string | undefined, what: string): string => {
  if (!value) throw new OpsError(`missing ${what}`);
  return value;
};

/** Runs one command and returns what it prints; an OpsError is the operator's mistake. */
export async function runCommand(argv: string[], deps: CliDeps): Promise<string> {
  const { args, flags } = parse(argv);
  const [command, sub] = args;
  const who = `staff:${deps.actor}`;
  if (!command || flags.help || command === 'help') return HELP;
  switch (command) {
    case 'orders': {
      const rows = await listOrders(deps.db, flags.status, deps.today);
      if (rows.length === 0) return 'no orders';
      return rows
        .map((r) =>
          [
            visible(r.orderNo),
            visible(r.status).padEnd(16),
            tokyoTime(r.createdAt),
            visible(r.customer),
            `${r.total} JPY`,
            r.dispatchBy ? `dispatch by ${r.dispatchBy}` : '',
            r.overdue ? 'OVERDUE' : '',
          ]
            .join('  ')
            .trimEnd(),
        )
        .join('\n');
    }
    case 'show': {
      const { order, written } = await showOrder(deps.db, deps.vault, who, need(sub, '<order>'), flags.out);
      const lines = [
        `${visible(order.orderNo)}  ${visible(order.status)}  ${visible(order.planName.cn)} / ${visible(order.planName.ja)}`,
        `total ${order.total} JPY (price ${order.price} + tax ${order.tax}), placed ${tokyoTime(order.createdAt)} (Tokyo)`,
        ...Object.entries(order.info).map(([k, v]) => `  ${visible(k)}: ${visible(v)}`),
      ];
      for (const rejection of order.rejections)
        lines.push(
          `rejected: ${visible(rejection.document)}: ${visible(rejection.reason)} ${visible(rejection.note)}${rejection.lang ? ` [${rejection.lang}]` : ''}`,
        );
      if (written.length) lines.push(`wrote ${written.length} documents:`, ...written.map((f) => `  ${visible(f)}`));
      return lines.join('\n');
    }
    case 'approve':
      return `${(await approveOrder(deps.db, who, need(sub, '<order>'), {}, deps.esim)).orderNo} approved`;
    case 'esim-import': {
      if (!deps.esim) throw new OpsError('eSIM is not set up for this command');
      const file = need(sub, '<file.csv>');
      const result = await importProfiles(deps.esim, readFileSync(file, 'utf8'), who).catch((error: unknown) => {
        // A file refused whole (its header, its size, a NUL byte): said as the operator's mistake.
        if (error instanceof ApiError) throw new OpsError(`nothing imported: ${error.key}`, error.key);
        throw error;
      });
      // Counts only: the file's matching IDs never reach the audit trail.
      await deps.db.insert(auditLog).values({
        actor: who,
        action: 'esim-import',
        target: 'esim-stock',
        detail: {
          imported: result.imported,
          skipped: result.skipped.length,
          errors: result.errors.length,
          assigned: result.assigned,
        },
      });
      if (result.errors.length > 0)
        throw new OpsError(
          ['nothing imported:', ...result.errors.map((e) => `  line ${e.line}: ${e.key}`)].join('\n'),
          'PROFILE_CSV_INVALID',
        );
      return `imported ${result.imported} profiles, skipped ${result.skipped.length} already in stock, ${result.assigned} orders delivered`;
    }
    case 'esim-reissue': {
      if (!deps.esim) throw new OpsError('eSIM is not set up for this command');
      const reason = need(flags.reason, '--reason');
      if (!isReissueReason(reason)) throw new OpsError(`--reason is one of ${REISSUE_REASONS.join(', ')}`);
      const orderNo = need(sub, '<order>');
      const row = await staffReissue(deps.db, orderNo, reason, who).catch((error: unknown) => {
        // The console's refusals (no such order, no line, one already open) said as the operator's mistake.
        if (error instanceof ApiError) throw new OpsError(`${orderNo}: ${error.key}`, error.key);
        throw error;
      });
      const status = await advanceReissue(deps.esim, row.id);
      return `${row.reissueNo} for ${orderNo}: ${status}`;
    }
    case 'reject':
      return `${(await rejectOrder(deps.db, who, need(sub, '<order>'), need(flags.reason, '--reason'), need(flags.document, '--document'), flags.lang)).orderNo} rejected`;
    case 'ship':
      return `${(await shipOrder(deps.db, who, need(sub, '<order>'), need(flags.tracking, '--tracking'))).orderNo} shipped`;
    case 'ready-for-pickup':
      return `${(await readyForPickup(deps.db, who, need(sub, '<order>'))).orderNo} ready for pickup`;
    case 'counter-check': {
      const row = await counterCheck(deps.db, who, need(sub, '<order>'), {
        documentType: need(flags.document, '--document') as VerifiedDocument,
        documentLast4: need(flags.last4, '--last4'),
      });
      return `${need(sub, '<order>')} checked at the counter (${row.verificationNo})`;
    }
    case 'activate': {
      const line = await activateOrder(
        deps.db,
        who,
        need(sub, '<order>'),
        need(flags.msisdn, '--msisdn'),
        need(flags.iccid, '--iccid'),
      );
      return `line ${line.msisdn} active`;
    }
    case 'usage': {
      if (sub !== 'import') throw new OpsError('usage: usage import <file.csv>');
      const file = need(args[2], '<file.csv>');
      const result = await importUsage(deps.db, who, readFileSync(file, 'utf8'));
      return [`imported ${result.imported} rows`, ...result.problems.map(visible)].join('\n');
    }
    case 'bill': {
      if (sub !== 'run') throw new OpsError('usage: bill run --month YYYY-MM');
      const result = await billRun(deps.db, who, need(flags.month, '--month'), deps.keepNumberFee);
      return `${result.created} bills created for ${result.lines} active lines (${result.pricedAtBookedPlan} at a plan booked for the 25th)`;
    }
    case 'payments': {
      if (!flags.attention) throw new OpsError('usage: payments --attention');
      const rows = await paymentsNeedingAttention(deps.db);
      if (rows.length === 0) return 'nothing needs attention';
      return rows
        .map((r) =>
          [
            r.kind.padEnd(18),
            visible(r.paymentNo),
            visible(r.method).padEnd(6),
            `${r.amount} JPY`,
            visible(r.target),
            visible(r.customer),
            visible(r.detail),
          ].join('  '),
        )
        .join('\n');
    }
    case 'staff': {
      const consoleUrl = `${deps.publicUrl ?? 'http://localhost:8080'}/admin/`;
      if (sub === 'add') {
        const role = need(flags.role, '--role');
        let login = args[2];
        if (!login) {
          const taken = new Set((await deps.db.select({ login: staff.login }).from(staff)).map((r) => r.login));
          let n = 1;
          while (taken.has(`${role}${n}`)) n += 1;
          login = `${role}${n}`;
        }
        const added = await addStaff(deps.db, { login, name: flags.name ?? '', role }).catch((error: unknown) => {
          throw error instanceof StaffCommandError ? new OpsError(error.message) : error;
        });
        await deps.db
          .insert(auditLog)
          .values({ actor: who, action: 'staff-add', target: added.staff.login, detail: { role } });
        return [
          `staff ${added.staff.login} (${added.staff.role}) added`,
          `one-time password: ${added.password}`,
          `sign in at ${consoleUrl} with it; the console then sets up the authenticator app and a password of their own`,
        ].join('\n');
      }
      if (sub === 'disable' || sub === 'reset') {
        const login = need(args[2], '<login>');
        try {
          if (sub === 'disable') {
            await disableStaff(deps.db, login);
            await deps.db.insert(auditLog).values({ actor: who, action: 'staff-disable', target: login, detail: {} });
            return `staff ${login} disabled; open sessions ended`;
          }
          const reset = await resetStaff(deps.db, login);
          await deps.db.insert(auditLog).values({ actor: who, action: 'staff-reset', target: login, detail: {} });
          return [`staff ${login} reset`, `one-time password: ${reset.password}`, `sign in at ${consoleUrl}`].join(
            '\n',
          );
        } catch (error) {
          throw error instanceof StaffCommandError ? new OpsError(error.message) : error;
        }
      }
      if (sub === 'list') {
        const rows = await deps.db.select().from(staff).orderBy(asc(staff.login));
        if (rows.length === 0) return 'no staff accounts';
        return rows
          .map((r) =>
            [
              visible(r.login).padEnd(20),
              r.role.padEnd(11),
              r.disabledAt ? 'disabled' : r.totpConfirmedAt ? 'active' : 'not signed in yet',
              visible(r.name),
            ].join('  '),
          )
          .join('\n');
      }
      throw new OpsError(
        'usage: staff add [<login>] --role <role> | staff disable <login> | staff reset <login> | staff list',
      );
    }
    case 'messages': {
      if (sub === 'retry') {
        const id = Number(need(args[2], '<id>'));
        if (!Number.isInteger(id) || !(await retryFailedMessage(deps.db, id)))
          throw new OpsError(`no failed message ${args[2]}`);
        await deps.db.insert(auditLog).values({ actor: who, action: 'message-retry', target: String(id), detail: {} });
        return `message ${id} queued again`;
      }
      if (!flags.failed) throw new OpsError('usage: messages --failed | messages retry <id>');
      const rows = await deps.db
        .select()
        .from(outbox)
        .where(eq(outbox.status, 'failed'))
        .orderBy(asc(outbox.id))
        .limit(200);
      if (rows.length === 0) return 'no failed messages';
      // The recipient and what went wrong, never the body: it may hold a code.
      return rows
        .map((m) =>
          [
            String(m.id).padStart(6),
            m.channel.padEnd(6),
            visible(m.kind).padEnd(22),
            visible(m.recipient),
            `${m.attempts} attempts`,
            visible(m.lastError ?? ''),
          ].join('  '),
        )
        .join('\n');
    }
    case 'migrate': {
      // Opening the database for any command applied what was pending (db/client.ts), under the
      // lock that makes processes starting together migrate one at a time.
      // Both drivers hand rows back as `.rows` (lib/rate-limits.ts).
      const result: unknown = await deps.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const [row] = (result as { rows: { n: number }[] }).rows;
      return `database migrated: ${row?.n ?? 0} migrations applied`;
    }
    case 'rotate-document-key': {
      const left = (counts: Record<string, number>) =>
        Object.entries(counts)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ');
      if (flags.check) return `not yet under the current key: ${left(await rotationRemaining(deps.vault))}`;
      const batchSize = Number(flags.batch ?? 20);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000)
        throw new OpsError('--batch is a whole number from 1 to 1000');
      const report = await rotateDocumentKeys(deps.vault, {
        batchSize,
        onProgress: (p) => deps.progress?.(`${p.resealed} sealed again, ${p.remaining} remaining`),
      });
      await deps.db.insert(auditLog).values({
        actor: who,
        action: 'rotate-document-key',
        target: 'documents',
        detail: { resealed: report.resealed, remaining: report.remaining, unreadable: report.unreadable.length },
      });
      return [
        `${report.resealed} sealed again with the current key; ${report.remaining} remaining`,
        ...report.unreadable.map((u) => `  cannot open ${u.kind} ${visible(u.id)}: ${u.reason} (left as it is)`),
        report.unreadable.length > 0
          ? 'Keep DOCUMENT_KEY_PREVIOUS until these are dealt with.'
          : report.remaining > 0
            ? 'Another runner holds the rest, or older servers still store: run again.'
            : 'Every stored value opens with DOCUMENT_KEY alone: DOCUMENT_KEY_PREVIOUS may be removed.',
      ].join('\n');
    }
    default:
      throw new OpsError(`unknown command ${command}; see --help`);
  }
}
