import { deflateRawSync, deflateSync } from 'node:zlib';

// PDFs written byte by byte, so a test can hide things where a pattern scanner does not look:
// objects inside an object stream (PDF 32000-1 7.5.7), under filters of every kind.

const latin1 = (text: string) => Buffer.from(text, 'latin1');

interface Written {
  num: number;
  bytes: Buffer;
}

/** `N 0 obj` ... `endobj` with a dictionary and, when given, a stream. */
function object(num: number, dict: string, stream?: Buffer, afterKeyword = '\n'): Written {
  if (!stream) return { num, bytes: latin1(`${num} 0 obj\n${dict}\nendobj\n`) };
  const head = latin1(`${num} 0 obj\n${dict.replace(/>>$/, ` /Length ${stream.length} >>`)}\nstream${afterKeyword}`);
  return { num, bytes: Buffer.concat([head, stream, latin1('\nendstream\nendobj\n')]) };
}

/** One page of `pages`, each with its number written large enough to see in a picture. */
function pageObjects(pagesNum: number, firstNum: number, count: number, size = [595, 842]): Written[] {
  const out: Written[] = [];
  const font = firstNum + count * 2;
  for (let i = 0; i < count; i += 1) {
    const page = firstNum + i * 2;
    const draw = `0.2 0.3 0.6 rg 40 40 200 120 re f BT /F1 48 Tf 60 ${size[1]! - 120} Td (Page ${i + 1}) Tj ET`;
    out.push(
      object(
        page,
        `<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 ${size.join(' ')}] /Contents ${page + 1} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
      object(page + 1, '<< >>', latin1(draw)),
    );
  }
  out.push(object(font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  return out;
}

/** Objects, a cross-reference table and a trailer: the classic layout. */
function classic(objects: Written[], root: number): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  const offsets = new Map<number, number>();
  let at = parts[0]!.length;
  for (const o of objects) {
    offsets.set(o.num, at);
    parts.push(o.bytes);
    at += o.bytes.length;
  }
  const size = Math.max(...objects.map((o) => o.num)) + 1;
  const rows = ['0000000000 65535 f \n'];
  for (let n = 1; n < size; n += 1) {
    const offset = offsets.get(n);
    rows.push(offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`);
  }
  parts.push(
    latin1(
      `xref\n0 ${size}\n${rows.join('')}trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A plain PDF of `count` pages (Page 1, Page 2, ...). */
export function plainPdf(count = 1, size = [595, 842]): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  return classic(
    [
      object(1, '<< /Type /Catalog /Pages 2 0 R >>'),
      object(2, `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`),
      ...pageObjects(2, 3, count, size),
    ],
    1,
  );
}

/** The script every hostile PDF carries, run on opening by a viewer that runs scripts. */
export const SCRIPT = "app.alert('opened')";

/**
 * A one-page PDF whose catalog carries `entries` (an action on opening, attached files, ...),
 * in plain sight; `extra` are further objects, numbered from 6.
 */
export function pdfWithCatalog(entries: string, extra: string[] = []): Buffer {
  return classic(
    [
      object(1, `<< /Type /Catalog /Pages 2 0 R ${entries} >>`),
      object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
      ...pageObjects(2, 3, 1),
      ...extra.map((dict, i) => object(6 + i, dict)),
    ],
    1,
  );
}

/** A one-page PDF whose catalog runs SCRIPT on opening, in plain sight. */
export const plainScriptPdf = () =>
  pdfWithCatalog('/OpenAction 6 0 R', [`<< /Type /Action /S /JavaScript /JS (${SCRIPT}) >>`]);

/** PDF LZW (LZWDecode, EarlyChange 1): 9 to 12-bit codes, 256 clears, 257 ends. */
export function lzw(data: Buffer): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const emit = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  let width = 9;
  const reset = () => {
    table = new Map(Array.from({ length: 256 }, (_, i) => [String.fromCharCode(i), i]));
    next = 258;
    width = 9;
  };
  reset();
  emit(256, width);
  let word = '';
  for (const byte of data) {
    const c = String.fromCharCode(byte);
    if (table.has(word + c)) {
      word += c;
      continue;
    }
    emit(table.get(word)!, width);
    table.set(word + c, next++);
    // Early change: the width grows one code before the table fills it.
    if (next + 1 > 1 << width && width < 12) width += 1;
    if (next >= 4094) {
      emit(256, width);
      reset();
    }
    word = c;
  }
  if (word) emit(table.get(word)!, width);
  emit(257, width);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** ASCII base-85 with its `~>` end mark. */
export function ascii85(data: Buffer): Buffer {
  let text = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = data.subarray(i, i + 4);
    const padded = Buffer.concat([chunk, Buffer.alloc(4 - chunk.length)]);
    let n = padded.readUInt32BE(0);
    if (n === 0 && chunk.length === 4) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d += 1) {
      digits.unshift(String.fromCharCode(33 + (n % 85)));
      n = Math.floor(n / 85);
    }
    text += digits.slice(0, chunk.length + 1).join('');
  }
  return latin1(`${text}~>`);
}

export type Hiding =
  | 'LZWDecode'
  | 'ASCII85Decode'
  | 'ASCII85Decode+FlateDecode'
  | 'FlateDecode twice'
  | 'FlateDecode truncated'
  | 'raw deflate'
  | 'stream then CR only';

/**
 * A one-page PDF whose catalog (with /OpenAction) and the JavaScript action it runs live
 * only inside an object stream encoded as `hiding` says; a cross-reference stream finds them.
 */
export function hiddenScriptPdf(hiding: Hiding): Buffer {
  const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>';
  const action = `<< /Type /Action /S /JavaScript /JS (${SCRIPT}) >>`;
  const header = `1 0 7 ${catalog.length + 1} `;
  // A comment of digits after the objects, which Flate cannot squeeze away: a stream cut
  // short by a few bytes loses only the end of it.
  const filler = Array.from({ length: 300 }, (_, i) => (i * 7919) % 10).join('');
  const plain = latin1(`${header}${catalog}\n${action}\n%${filler}\n`);
  let filter = '/FlateDecode';
  let data: Buffer = deflateSync(plain);
  let afterKeyword = '\n';
  if (hiding === 'LZWDecode') [filter, data] = ['/LZWDecode', lzw(plain)];
  if (hiding === 'ASCII85Decode') [filter, data] = ['/ASCII85Decode', ascii85(plain)];
  if (hiding === 'ASCII85Decode+FlateDecode')
    [filter, data] = ['[/ASCII85Decode /FlateDecode]', ascii85(deflateSync(plain))];
  if (hiding === 'FlateDecode twice') [filter, data] = ['[/FlateDecode /FlateDecode]', deflateSync(deflateSync(plain))];
  if (hiding === 'FlateDecode truncated') data = data.subarray(0, data.length - 8);
  if (hiding === 'raw deflate') data = deflateRawSync(plain);
  if (hiding === 'stream then CR only') afterKeyword = '\r';
  const objects = [
    object(6, `<< /Type /ObjStm /N 2 /First ${header.length} /Filter ${filter} >>`, data, afterKeyword),
    object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    ...pageObjects(2, 3, 1),
  ];
  return withXrefStream(objects, { 1: [6, 0], 7: [6, 1] }, 1);
}

/** Objects then a cross-reference stream; `compressed` places objects inside object streams. */
function withXrefStream(objects: Written[], compressed: Record<number, [number, number]>, root: number): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  const offsets = new Map<number, number>();
  let at = parts[0]!.length;
  for (const o of objects) {
    offsets.set(o.num, at);
    parts.push(o.bytes);
    at += o.bytes.length;
  }
  const xrefNum = Math.max(...objects.map((o) => o.num), ...Object.keys(compressed).map(Number)) + 1;
  offsets.set(xrefNum, at);
  const rows: Buffer[] = [];
  for (let n = 0; n <= xrefNum; n += 1) {
    const row = Buffer.alloc(7);
    const inside = compressed[n];
    const offset = offsets.get(n);
    if (inside) {
      row.writeUInt8(2, 0);
      row.writeUInt32BE(inside[0], 1);
      row.writeUInt16BE(inside[1], 5);
    } else if (offset !== undefined) {
      row.writeUInt8(1, 0);
      row.writeUInt32BE(offset, 1);
    } else {
      row.writeUInt16BE(65535, 5);
    }
    rows.push(row);
  }
  const dict = `<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root ${root} 0 R >>`;
  parts.push(object(xrefNum, dict, Buffer.concat(rows)).bytes, latin1(`startxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}
