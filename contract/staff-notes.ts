import { LANGS, type Lang } from './api.js';

// Staff write a rejection's note in the language they write in, which is not always the one
// the customer reads. The note is never machine-translated; it carries its language, and a
// customer reading another language is told which one it is in.

/** A staff note as stored with a rejection; `lang` is absent on notes written before it existed. */
export interface StaffNote {
  note: string;
  lang?: Lang | undefined;
}

export const isNoteLang = (value: unknown): value is Lang =>
  typeof value === 'string' && (LANGS as readonly string[]).includes(value);

/** The note's language when it must be said: known and not the reader's. */
export function foreignNoteLang(note: StaffNote, reader: Lang): Lang | null {
  return note.note && isNoteLang(note.lang) && note.lang !== reader ? note.lang : null;
}

/** A translator, the app's `t` or the server's `message` bound to a language. */
export type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * What the customer reads for one refused document: the reason's template in their language,
 * then staff's note, labelled with its language when it is not theirs
 * ("审核员留言（日语）：…" / "審査担当からのメモ（中国語）：…").
 */
export function rejectionWords(rejection: { reason: string } & StaffNote, reader: Lang, t: Translate): string {
  const words = rejection.reason === 'other' ? '' : t(`order.rejection.${rejection.reason}`);
  const foreign = foreignNoteLang(rejection, reader);
  const note = foreign
    ? `${t('order.staffNoteIn', { lang: t(`order.noteLang.${foreign}`) })}${rejection.note}`
    : rejection.note;
  return [words, note].filter(Boolean).join(t('order.rejectionNoteJoin'));
}
