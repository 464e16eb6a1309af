import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageProvider } from './storage-provider.js';

export function diskStorage(folder: string): StorageProvider {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return join(folder, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Write then rename: a crash mid-write never leaves half a document under the real name.
      const target = pathOf(key);
      await writeFile(`${target}.part`, bytes, { mode: 0o600 });
      await rename(`${target}.part`, target);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
