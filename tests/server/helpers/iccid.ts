import { luhnValid } from '../../../contract/admin-review-views';

let seq = 0;

/** A fresh ICCID with a valid Luhn digit (staff's activation checks it); `prefix` keeps runs apart. */
export function newIccid(prefix: string): string {
  seq += 1;
  const body = `8981${prefix}${String(Date.now()).slice(-9)}${String(seq).padStart(4, '0')}`.slice(0, 18);
  for (let d = 0; d < 10; d += 1) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('no check digit');
}
