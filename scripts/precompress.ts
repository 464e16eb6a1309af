// Brotli (best) and gzip copies next to each built file worth compressing, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing every
// response again at the quick, weaker setting on-the-fly compression must use.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const outDir = join(new URL('..', import.meta.url).pathname, 'dist', 'h5');
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Build metadata is never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
for (const path of files(outDir)) {
  if (statSync(path).size < MIN_BYTES) continue;
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
