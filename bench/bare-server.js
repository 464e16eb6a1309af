// The API floors: the same Fastify with no plugins, answering a read's own reply (the floor
// of a read: the bench hands it the endpoint's JSON, which plain Fastify writes with
// JSON.stringify on every request), answering a constant (the old floor, still reported), and
// verifying one password with the server's argon2id settings (the floor of a login: HTTP plus
// argon2, no database, no throttling, no session).
//
// Plain JavaScript so it runs the way the real server runs: under plain `node` when the
// server is the compiled build, under tsx in development; a floor under a TypeScript loader
// next to a server without one would not be the same floor. The password hash comes from the
// benchmark (BENCH_PASSWORD_HASH, made by server/lib/passwords.ts), and argon2 reads its
// settings from the hash, so both verify with the server's settings.
import process from 'node:process';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';

const stored = process.env.BENCH_PASSWORD_HASH;
if (!stored) throw new Error('BENCH_PASSWORD_HASH: the hash of "bench1234" (bench/processes.ts startBareServer)');
const app = Fastify();
// A promise, like every route of the real server, so the floor takes the same reply path.
app.get('/', () => Promise.resolve({ hello: 'world' }));
const replies = new Map();
app.put('/reply/:name', (request) => {
  replies.set(request.params.name, request.body);
  return Promise.resolve({ ok: true });
});
app.get('/reply/:name', (request) => Promise.resolve(replies.get(request.params.name)));
app.post('/login', async () => ({ ok: await verify(stored, 'bench1234').catch(() => false) }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
