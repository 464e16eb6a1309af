// A new embedded database starts from a copy of an empty one, made and migrated by
// `npm run build` (scripts/build-server.ts), instead of running initdb in WebAssembly: initdb
// was most of a fresh start (4-15 s on two cores), unpacking the copy takes a tenth of a second.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, from: number, length: number): string {
  const raw = header.subarray(from, from + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

const octal = (header: Buffer, from: number, length: number) => parseInt(field(header, from, length).trim() || '0', 8);

/** The files of a (ustar) tarball of PGlite's data directory, written under `target`. */
function untar(tar: Buffer, target: string): void {
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const prefix = field(header, 345, 155);
    const name = normalize((prefix ? `${prefix}/` : '') + field(header, 0, 100)).replace(/^\/+/, '');
    if (name.startsWith('..')) throw new Error(`database template: ${name} is outside the data directory`);
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = String.fromCharCode(header[156] ?? 0);
    const path = join(target, name);
    if (type === '5') {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } else if (type === '0' || type === '\0') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, tar.subarray(at + BLOCK, at + BLOCK + size), { mode: mode || 0o600 });
    } else {
      throw new Error(`database template: entry ${name} of type ${type} is not a file or folder`);
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Fills `dir` (absent or empty) with the template's data directory. False when there is no
 * template (a development server run by tsx, or a build older than the template), and the
 * caller runs initdb as before.
 */
export function copyTemplate(templateFile: string, dir: string): boolean {
  if (!existsSync(templateFile)) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  // Unpacked beside and moved in whole: a start stopped halfway leaves no half database
  // behind that would pass for one (PG_VERSION present).
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    untar(gunzipSync(readFileSync(templateFile)), partial);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return true;
}
