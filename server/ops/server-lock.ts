import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Embedded PGlite serves one process at a time: the server marks its data folder, and the
// staff commands refuse to open it while that server is alive (PostgreSQL has no such limit).

const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

export function markServerRunning(dataDir: string): () => void {
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function refuseWhileServerRuns(dataDir: string): void {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  if (pid && pid !== process.pid && alive(pid)) {
    console.error(
      `The server (pid ${pid}) has the embedded database in ${dataDir} open. Stop it first, ` +
        'or run the server and these commands against PostgreSQL (DATABASE_URL).',
    );
    process.exit(2);
  }
}
