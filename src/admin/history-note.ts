import type { TFunction } from 'i18next';
import { formatPhone } from '../../contract/line-rules';

/**
 * An order event's note as staff read it. The server writes a few notes of its own (ops and
 * payment settlement, in `server/staff/operations.ts`, `payment-settlement.ts`, `orders.ts`; an
 * eSIM profile assigned, in `server/esim/delivery.ts`) as short English records; the console
 * says them in its language. A note staff typed stays as typed.
 */
export function historyNote(t: TFunction, note: string): string {
  const fixed = FIXED_NOTES[note];
  if (fixed) return t(`admin.order.notes.${fixed}`);
  const tracking = /^(?:([a-z]+) )?tracking (\S+)$/.exec(note);
  if (tracking)
    return t('admin.order.notes.tracking', {
      carrier: tracking[1] ? t(`admin.carriers.${tracking[1]}`, { defaultValue: tracking[1] }) : '',
      number: tracking[2],
    }).trim();
  const esim = /^esim profile (\d{4})$/.exec(note);
  if (esim) return t('admin.order.notes.esimProfile', { last4: esim[1] });
  const line = /^line (\S+)$/.exec(note);
  if (line) return t('admin.order.notes.line', { msisdn: formatPhone(line[1]!) });
  if (/^P\d{20}$/.test(note)) return t('admin.order.notes.paidBy', { paymentNo: note });
  const refusals = note.split('; ').map((part) => /^([a-z_]+): ([a-z_]+)(?: \((.*)\))?$/.exec(part));
  if (refusals.length > 0 && refusals.every(Boolean))
    return refusals
      .map((match) => {
        const [, kind, reason, text] = match!;
        const what = `${t(`order.document.${kind}`, { defaultValue: kind })}：${t(`admin.reasons.${reason}`, { defaultValue: reason })}`;
        return text ? `${what}（${text}）` : what;
      })
      .join('；');
  return note;
}

const FIXED_NOTES: Record<string, string> = {
  approved: 'approved',
  'ready for pickup': 'readyForPickup',
  resubmitted: 'resubmitted',
  'payment deadline passed': 'deadlinePassed',
  'documents queued for review': 'queued',
  'documents refused': 'refused',
};

/**
 * Who did it, as staff read it: the server records `system`, `scheduler`, `customer:<id>` and
 * `staff:<login>` (ops commands use the login or `OPS_USER`); a login is a name staff know.
 */
export function actorName(t: TFunction, actor: string): string {
  if (actor === 'system' || actor === 'scheduler') return t(`admin.order.actors.${actor}`);
  const customer = /^customer:(\d+)$/.exec(actor);
  if (customer) return t('admin.order.actors.customer', { id: customer[1] });
  const staff = /^staff:(.+)$/.exec(actor);
  return staff ? staff[1]! : actor;
}
