// Pages kept in memory ready to send: the HTML with its brotli and gzip forms, compressed once
// when drawn (off the event loop), so a request costs no compression and no file system call.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PackedPage {
  html: string;
  br: Buffer;
  gz: Buffer;
}

export async function packPage(html: string): Promise<PackedPage> {
  const bytes = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { html, br, gz };
}

/** The encoding the browser takes that we keep: brotli first, then gzip; null for neither. */
export function chosenEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a kept page in the form the browser asked for. With content-encoding set,
 * @fastify/compress leaves the body alone (its onSend skips an encoded reply).
 */
export function sendPacked(request: FastifyRequest, reply: FastifyReply, page: PackedPage): FastifyReply {
  reply.type('text/html; charset=utf-8');
  reply.header('vary', 'Cookie, Accept-Encoding');
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gz);
  return reply.send(page.html);
}
