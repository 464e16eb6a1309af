import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { rejectionWords } from '../../contract/staff-notes';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

// Issue 27: a staff note reaches the customer as written, never translated; when it is not in
// the customer's language, it says which language it is in, in theirs.

const dictionaries = { cn, ja };
const translator =
  (lang: Lang) =>
  (key: string, params: Record<string, string> = {}) => {
    let node: unknown = dictionaries[lang];
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  };
const words = (rejection: { reason: string; note: string; lang?: Lang }, reader: Lang) =>
  rejectionWords(rejection, reader, translator(reader));

describe('a staff note as the customer reads it', () => {
  it('labels a Chinese note for a Japanese reader, and a Japanese note for a Chinese reader', () => {
    expect(words({ reason: 'other', note: '照片太暗', lang: 'cn' }, 'ja')).toBe(
      '審査担当からのメモ（中国語）：照片太暗',
    );
    expect(words({ reason: 'other', note: '写真が暗い', lang: 'ja' }, 'cn')).toBe('审核员留言（日语）：写真が暗い');
  });

  it('keeps the template in the reader language before the labelled note', () => {
    expect(words({ reason: 'blurry', note: '照片太暗', lang: 'cn' }, 'ja')).toBe(
      `${ja.order.rejection.blurry}${ja.order.rejectionNoteJoin}審査担当からのメモ（中国語）：照片太暗`,
    );
  });

  it('says nothing more when the note is in the reader language or its language is not known', () => {
    expect(words({ reason: 'other', note: '照片太暗', lang: 'cn' }, 'cn')).toBe('照片太暗');
    expect(words({ reason: 'other', note: '照片太暗' }, 'ja')).toBe('照片太暗');
    expect(words({ reason: 'blurry', note: '', lang: 'cn' }, 'ja')).toBe(ja.order.rejection.blurry);
  });
});
