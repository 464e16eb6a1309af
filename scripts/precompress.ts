// Brotli (best) and gzip copies next to every built file, so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing every response again at the quick,
// weaker setting on-the-fly compression must use. Every file, even a tiny one or a picture:
// a missing copy costs each request a failed look on disk before the plain file is sent.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const outDir = join(new URL('..', import.meta.url).pathname, 'dist', 'h5');
const COMPRESSED = /\.(br|gz)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Build metadata is never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* files(path);
    else if (entry.isFile() && !entry.name.startsWith('.') && !COMPRESSED.test(entry.name)) yield path;
  }
}

let count = 0;
for (const path of files(outDir)) {
  const bytes = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`Precompressed ${count} files (brotli and gzip).`);
