// Upload memory: the real server, 20 accounts, 40 uploads of ~9 MB photos at once (two per
// account, the most each account may have in flight), the server's resident memory sampled
// from /proc during the burst and for a minute after. Photos, not filler: each one is decoded
// and encoded again (server/documents/document-content.ts), which is where memory goes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { registerAccount } from './api-load.js';
import { startAppServer } from './processes.js';

export const UPLOAD_MEMORY = { accounts: 20, perAccount: 2, settleSeconds: 60 } as const;

export interface UploadMemoryResult {
  /** Resident memory in MB before the burst, with the accounts made. */
  idleMb: number;
  /** The most the process was resident at any time (the kernel's VmHWM), MB. */
  peakMb: number;
  /** Resident memory a minute after the last answer, MB. */
  afterMinuteMb: number;
  uploads: number;
  fileMb: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** From the first request to the last answer. */
  seconds: number;
}

/** VmRSS and VmHWM of a process in MB, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then counts from the start, which only overstates it.
  }
}

/**
 * A phone photo's size (4032x3024) of fine noise, which JPEG cannot squeeze: about 9 MB
 * at this quality, under the 10 MB upload limit.
 */
export async function largePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 94 })
    .toBuffer();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function uploadPhoto(base: string, token: string, photo: Blob): Promise<number> {
  const body = new FormData();
  body.set('kind', 'passport');
  body.set('file', photo, 'passport.jpg');
  const res = await fetch(`${base}/api/common/upload`, { method: 'POST', headers: { token }, body });
  await res.arrayBuffer();
  return res.status;
}

export async function measureUploadMemory(
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<UploadMemoryResult> {
  const photo = await largePhoto();
  // One copy shared by every request: the bench's own memory is not what is measured.
  const blob = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-upload-memory-'));
  const server = await startAppServer({ databaseUrl, dataDir });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < UPLOAD_MEMORY.accounts; i += 1) tokens.push((await registerAccount(server.url)).token);
    await sleep(3000);
    const idle = memoryOf(server.pid).rss;
    // The kernel's high-water mark counts from here: starting (PGlite's initdb, migrations)
    // is not what is measured. Writing 5 to clear_refs resets it (Linux 4.0+).
    resetPeak(server.pid);
    log(`idle ${idle.toFixed(0)} MB; ${tokens.length * UPLOAD_MEMORY.perAccount} uploads of ${mb(photo.length)} MB`);

    let sampledPeak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        sampledPeak = Math.max(sampledPeak, memoryOf(server.pid).rss);
        await sleep(100);
      }
    })();
    const started = Date.now();
    const statuses = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: UPLOAD_MEMORY.perAccount }, () => uploadPhoto(server.url, token, blob)),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    log(`answered in ${seconds.toFixed(1)} s; peak so far ${sampledPeak.toFixed(0)} MB; waiting a minute`);
    await sleep(UPLOAD_MEMORY.settleSeconds * 1000);
    sampling = false;
    await sampler;
    const after = memoryOf(server.pid);
    const counted: Record<string, number> = {};
    for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
    return {
      idleMb: Math.round(idle),
      peakMb: Math.round(Math.max(sampledPeak, after.hwm)),
      afterMinuteMb: Math.round(after.rss),
      uploads: statuses.length,
      fileMb: mb(photo.length),
      statuses: counted,
      seconds: Math.round(seconds * 10) / 10,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
