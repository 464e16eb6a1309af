// The API floors: the same Fastify with no plugins, answering a constant (the floor of a
// read), and verifying one password with the server's argon2id settings (the floor of a
// login: HTTP plus argon2, no database, no throttling, no session).
import Fastify from 'fastify';
import { hashPassword, verifyPassword } from '../server/lib/passwords.js';

const stored = await hashPassword('bench1234');
const app = Fastify();
// A promise, like every route of the real server, so the floor takes the same reply path.
app.get('/', () => Promise.resolve({ hello: 'world' }));
app.post('/login', async () => ({ ok: await verifyPassword(stored, 'bench1234') }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
