// The floor of login: password verifications per second with the server's own argon2
// settings, 100 at a time as 100 connections would ask, and nothing else in the process.
// Prints one JSON line: { perSecond }.
import { hashPassword, verifyPassword } from '../server/lib/passwords.js';

const seconds = Number(process.argv[2] ?? 10);
const stored = await hashPassword('bench1234');
const until = Date.now() + seconds * 1000;
let done = 0;
async function worker(): Promise<void> {
  while (Date.now() < until) {
    if (!(await verifyPassword(stored, 'bench1234'))) throw new Error('verification failed');
    done += 1;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: 100 }, worker));
console.log(JSON.stringify({ perSecond: Math.round((done * 1000) / (Date.now() - started)) }));
