import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { approveOrder } from '../../server/staff/operations';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { fixture, multipartBody } from './helpers/multipart';
import { ORDER_INFORMATION } from './helpers/purchase';
import { agentOf } from './helpers/requests';

// Two real server processes (`server/main.ts`, workers on as by default) on one PostgreSQL
// database, behind a round-robin proxy, as a deployment with a load balancer runs them. A
// customer registers, gets codes by mail, uploads documents, orders and pays at the sandbox
// Alipay cashier; the server that took the payment is killed with SIGKILL before its
// in-process notification can settle anything. The survivor's workers must still settle the
// payment by asking the provider (reconciliation, without the client asking), and deliver
// every message exactly once.

const root = join(__dirname, '..', '..');
const PHONE = agentOf('browser');
const DOCUMENT_KEY = randomBytes(32).toString('base64');
const PASSWORD = 'twoservers1';

/** Every wait of this file is bounded; what is not there by then fails the test. */
async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  withinMs: number,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  let lastError = '';
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${withinMs} ms${lastError ? ` (last error: ${lastError})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  name: 'A' | 'B';
  port: number;
  child: ChildProcess;
  /** stdout and stderr together, printed when a test fails. */
  log: string[];
  exited: Promise<number | string | null>;
  dead: boolean;
}

// ---------------------------------------------------------------------------------------------
// A load balancer: round robin over the servers, a server whose socket refuses is out of the
// rotation, and a request that failed to connect (or was reset) is tried once on the other.

interface Proxy {
  port: number;
  /** Which server answered each request, in order. */
  served: { method: string; path: string; server: string }[];
  /** Servers taken out of the rotation because their socket refused or reset a request. */
  down: Set<string>;
  close(): Promise<void>;
}

function startProxy(servers: () => ServerProcess[]): Promise<Proxy> {
  const served: Proxy['served'] = [];
  const down = new Set<string>();
  let turn = 0;
  const forward = (target: ServerProcess, req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          // A connection per request: a killed server refuses the next one at once.
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            // The body goes on whole: hop-by-hop headers stay with the upstream connection.
            const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...headers } = res.headers;
            resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const alive = servers().filter((s) => !down.has(s.name));
        const first = alive[turn++ % Math.max(alive.length, 1)];
        const order = first ? [first, ...alive.filter((s) => s !== first)] : [];
        for (const [i, target] of order.slice(0, 2).entries()) {
          try {
            const answer = await forward(target, req, body);
            served.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, server: target.name });
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body);
            return;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code !== 'ECONNREFUSED' && code !== 'ECONNRESET') break;
            down.add(target.name);
            if (i === 1) break;
          }
        }
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('no server answered');
      })();
    });
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      resolve({
        port: (proxy.address() as net.AddressInfo).port,
        served,
        down,
        close: () =>
          new Promise<void>((done) => {
            proxy.closeAllConnections();
            proxy.close(() => done());
          }),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(!backends.includes('postgres'))(
  'two servers on one PostgreSQL database, one killed mid-payment',
  () => {
    let database: TestDatabase;
    let databaseUrl = '';
    let sql: pg.Client;
    let proxy: Proxy;
    const servers: ServerProcess[] = [];
    const tempDirs: string[] = [];
    /** What happened along the way, printed with the logs when a test fails. */
    const notes: string[] = [];

    const serverLogs = () =>
      servers.map((s) => `----- server ${s.name} (port ${s.port}) -----\n${s.log.join('')}`).join('\n');
    const printLogsOnFailure = () =>
      onTestFailed(() => {
        console.log(serverLogs());
        console.log(`proxy: ${JSON.stringify(proxy?.served ?? [])}\n${notes.join('\n')}`);
      });

    const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await sql.query<T>(text, values)).rows;

    function startServer(name: 'A' | 'B', port: number, shared: string): ServerProcess {
      const dataDir = mkdtempSync(join(tmpdir(), `sim-two-${name}-`));
      tempDirs.push(dataDir);
      // Documents go to DATA_DIR/uploads; here one folder for both, standing in for the bucket
      // (S3_BUCKET) a deployment of several servers shares. DOCUMENT_KEY is the same for both.
      symlinkSync(shared, join(dataDir, 'uploads'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        // Its own process group: SIGKILL reaches whatever it started too.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DOCUMENT_KEY,
          PUBLIC_URL: `http://127.0.0.1:${proxy.port}`,
          SWEEP_INTERVAL_SECONDS: '2',
          RECONCILE_AFTER_SECONDS: '3,6,30,60',
          STATIC_DIR: join(dataDir, 'no-web-app'),
          SSR_BUNDLE: '',
          LOG_LEVEL: 'warn',
        },
      });
      const server: ServerProcess = { name, port, child, log: [], exited: Promise.resolve(null), dead: false };
      const keep = (chunk: Buffer) => server.log.push(chunk.toString());
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      server.exited = new Promise((resolve) =>
        child.on('exit', (code, signal) => {
          server.dead = true;
          resolve(signal ?? code);
        }),
      );
      return server;
    }

    const signalGroup = (server: ServerProcess, signal: NodeJS.Signals) => {
      if (server.dead || !server.child.pid) return;
      try {
        process.kill(-server.child.pid, signal);
      } catch {
        // Gone already.
      }
    };

    beforeAll(async () => {
      database = await freshDatabase('postgres');
      const jobs = database.handle.jobs;
      if (jobs.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
      databaseUrl = jobs.connectionString;
      sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      // The proxy knows nothing of the processes: a killed server is found by its refusing socket.
      proxy = await startProxy(() => servers);
      const shared = mkdtempSync(join(tmpdir(), 'sim-two-uploads-'));
      tempDirs.push(shared);
      const portA = await freePort();
      let portB = await freePort();
      while (portB === portA) portB = await freePort();
      servers.push(startServer('A', portA, shared), startServer('B', portB, shared));
      try {
        for (const server of servers) {
          const state = await until(
            `server ${server.name} answers /healthz`,
            async () => {
              if (server.dead) return 'exited';
              const res = await fetch(`http://127.0.0.1:${server.port}/healthz`);
              return res.status === 200 && 'up';
            },
            45_000,
          );
          if (state === 'exited') throw new Error(`server ${server.name} exited before it answered /healthz`);
        }
      } catch (error) {
        throw new Error(`${String(error)}\n${serverLogs()}`);
      }
    }, 90_000);

    afterAll(async () => {
      for (const server of servers) signalGroup(server, 'SIGKILL');
      await Promise.all(servers.map((s) => Promise.race([s.exited, new Promise((r) => setTimeout(r, 5_000))])));
      await proxy?.close();
      await sql?.end().catch(() => undefined);
      await database?.drop();
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    // ---- the customer's side: HTTP, through the proxy unless a server is named ----

    const base = (server?: ServerProcess) => `http://127.0.0.1:${server ? server.port : proxy.port}`;
    let token = '';
    const headers = (extra: Record<string, string> = {}) => ({
      'accept-language': 'zh-cn',
      'user-agent': PHONE,
      ...(token ? { token } : {}),
      ...extra,
    });
    async function postForm<T = Record<string, unknown>>(
      path: string,
      form: Record<string, string>,
      server?: ServerProcess,
    ) {
      const res = await fetch(`${base(server)}${path}`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { code: number; msg: string; data: T };
      return { status: res.status, body };
    }
    async function getJson<T = Record<string, unknown>>(path: string, server?: ServerProcess) {
      const res = await fetch(`${base(server)}${path}`, { headers: headers(), signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
    }
    async function upload(kind: string, file: string, type = 'image/jpeg') {
      const { payload, contentType } = multipartBody({ kind }, { name: file, type, bytes: fixture(file) });
      const res = await fetch(`${base()}/api/common/upload`, {
        method: 'POST',
        headers: headers({ 'content-type': contentType }),
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { code: number; data: { id: string } };
      expect(body.code, `upload ${kind}`).toBe(1);
      return body.data.id;
    }

    const email = `two${randomBytes(3).toString('hex')}@example.com`;
    const newEmail = `moved-${email}`;
    let orderNo = '';
    let paymentNo = '';

    /** Waits until the one mail to `to` about `kind` was delivered; only a running worker can have done it. */
    const delivered = (to: string, kind: string) =>
      until(
        `mail ${kind} to ${to} sent`,
        async () =>
          (await query<{ id: number }>(`select id from outbox where recipient = $1 and status = 'sent'`, [to]))[0],
        15_000,
      );

    it('both servers run workers: with the other frozen, each delivers the mail its request queued', async () => {
      printLogsOnFailure();
      const [a, b] = servers as [ServerProcess, ServerProcess];

      const registered = await postForm<{ userinfo: { token: string } }>('/api/user/register', {
        username: `two${randomBytes(3).toString('hex')}`,
        email,
        password: PASSWORD,
        repassword: PASSWORD,
      });
      expect(registered.body.code, JSON.stringify(registered.body)).toBe(1);
      token = registered.body.data.userinfo.token;

      // B frozen (SIGSTOP): a reset code asked of A can only be delivered by A's own workers.
      signalGroup(b, 'SIGSTOP');
      try {
        const asked = await postForm('/api/user/retrieve', { email }, a);
        expect(asked.body.code).toBe(1);
        await delivered(email, 'retrieve');
      } finally {
        signalGroup(b, 'SIGCONT');
      }

      // And the other way round: a change-of-e-mail code asked of B, A frozen.
      signalGroup(a, 'SIGSTOP');
      try {
        const asked = await postForm('/api/ems/send', { email: newEmail, event: 'change_email' }, b);
        expect(asked.body.code, JSON.stringify(asked.body)).toBe(1);
        await delivered(newEmail, 'change_email');
      } finally {
        signalGroup(a, 'SIGCONT');
      }

      // The development outbox (loopback only) shows both, through either server.
      const outboxOf = async (to: string) =>
        (await (await fetch(`${base()}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json()) as {
          messages: { status: string; body: string }[];
        };
      expect((await outboxOf(email)).messages).toMatchObject([{ status: 'sent' }]);
      expect((await outboxOf(newEmail)).messages).toMatchObject([{ status: 'sent' }]);
    }, 40_000);

    it('documents uploaded on one server are read on the other, and the order is placed', async () => {
      printLogsOnFailure();
      const documents = {
        residenceFront: await upload('residence_front', 'residence-front.jpg'),
        residenceBack: await upload('residence_back', 'residence-back.jpg'),
        identityDoc: await upload('passport', 'passport.jpg'),
        signatureId: await upload('signature', 'address-proof.png', 'image/png'),
      };
      // Same key, same storage: each server opens what the other stored.
      for (const server of servers) {
        const res = await fetch(`${base(server)}/api/common/file?id=${documents.residenceFront}`, {
          headers: headers(),
        });
        expect(res.status, `document read on ${server.name}`).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
      const placed = await postForm<{ order: { orderNo: string } }>('/api/order/create', {
        planId: '1',
        ...ORDER_INFORMATION,
        email,
        ...documents,
      });
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(1);
      orderNo = placed.body.data.order.orderNo;
      // The walk so far went to both servers.
      expect(new Set(proxy.served.map((s) => s.server))).toEqual(new Set(['A', 'B']));
    }, 40_000);

    it('the server that took the payment dies before its notification settles it; the survivor reconciles', async () => {
      printLogsOnFailure();
      const [a, b] = servers as [ServerProcess, ServerProcess];

      const created = await postForm<{ paymentNo: string; outcome: { kind: string; url: string } }>('/api/pay/create', {
        orderNo,
        method: 'alipay',
        scene: 'wap',
      });
      expect(created.body.data.outcome, JSON.stringify(created.body)).toMatchObject({ kind: 'redirect' });
      paymentNo = created.body.data.paymentNo;
      const cashier = new URL(created.body.data.outcome.url, base());
      const trade = cashier.searchParams.get('trade')!;
      const page = await fetch(`${base()}${cashier.pathname}${cashier.search}`, { headers: headers() });
      expect(page.status).toBe(200);

      // The settlement of a notification locks the order row first (payment-settlement.ts). The
      // test holds that lock while the customer pays on A, so A's in-process notification is
      // certain to be stuck inside its transaction when A is killed: it is lost, deterministically.
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      let blocked: number[] = [];
      try {
        await locker.query('begin');
        await locker.query('select id from orders where order_no = $1 for update', [orderNo]);
        const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

        const paid = await fetch(`${base(a)}/sandbox/alipay/cashier`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }),
          body: new URLSearchParams({ trade, result: 'ok' }).toString(),
          redirect: 'manual',
        });
        expect(paid.status).toBe(302);
        expect(paid.headers.get('location')).toContain(`/h5/pages/public/success?paymentNo=${paymentNo}`);

        // A's notification has reached the lock.
        blocked = await until(
          'a settlement waits on the order row',
          async () => {
            const rows = await query<{ pid: number }>(
              'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
              [lockerPid],
            );
            return rows.length > 0 ? rows.map((r) => r.pid) : null;
          },
          10_000,
        );
        signalGroup(a, 'SIGKILL');
        expect(await a.exited).toBe('SIGKILL');
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await locker.end().catch(() => undefined);
      }
      // The dead process's sessions end without committing anything (were B's reconciliation
      // among the waiters, its transaction goes on and ends too).
      await until(
        'the settlements that waited are over',
        async () =>
          (
            await query<{ n: number }>(
              'select count(*)::int as n from pg_stat_activity where pid = any($1) and xact_start is not null',
              [blocked],
            )
          )[0]!.n === 0,
        15_000,
      );
      const servedBeforeKill = proxy.served.length;

      // Nobody asks /api/pay/status: only the survivor's reconciliation can settle it (first
      // check 3 s after the attempt opened, RECONCILE_AFTER_SECONDS).
      const started = Date.now();
      const settled = await until(
        'order paid and under review',
        async () => {
          const detail = await getJson<{ order: { status: string } }>(`/api/order/detail?orderNo=${orderNo}`);
          return detail.body.data.order.status === 'under_review' ? detail : null;
        },
        60_000,
      );
      expect(settled.body.data.order.status).toBe('under_review');
      notes.push(`settled by the survivor ${Date.now() - started} ms after the kill`);
      // The proxy found A's socket refusing and took it out; everything after the kill went to B.
      expect(proxy.down).toEqual(new Set(['A']));
      expect(proxy.served.slice(servedBeforeKill).every((s) => s.server === 'B')).toBe(true);
      expect(b.dead).toBe(false);

      const attempts = await query<{ payment_no: string; status: string }>(
        `select p.payment_no, p.status from payments p join orders o on o.id = p.target_id
        where p.target_type = 'order' and o.order_no = $1`,
        [orderNo],
      );
      expect(attempts).toEqual([{ payment_no: paymentNo, status: 'paid' }]);
      // The notification was lost with A: no notification is recorded, the settlement was the reconciliation's.
      expect(await query('select * from payment_notifications where payment_no = $1', [paymentNo])).toEqual([]);
      const events = await query<{ to_status: string; actor: string }>(
        `select e.to_status, e.actor from order_events e join orders o on o.id = e.order_id
        where o.order_no = $1 order by e.id`,
        [orderNo],
      );
      expect(events).toEqual([
        { to_status: 'awaiting_payment', actor: expect.stringMatching(/^customer:/) as unknown },
        { to_status: 'paid', actor: 'reconciliation' },
        { to_status: 'under_review', actor: 'system' },
      ]);
      expect(await query('select * from refunds')).toEqual([]);
    }, 90_000);

    it('staff approve it from outside the servers; every message is sent exactly once', async () => {
      printLogsOnFailure();
      // As `npm run ops` would, from a process of its own: no wake, so the survivor's sweep finds it.
      await approveOrder(database.handle.db, 'staff:two-servers', orderNo);
      await until(
        'approval mail sent',
        async () =>
          (
            await query(`select id from outbox where kind = 'order_approved' and status = 'sent' and recipient = $1`, [
              email,
            ])
          )[0],
        20_000,
      );
      const detail = await getJson<{ order: { status: string } }>(`/api/order/detail?orderNo=${orderNo}`);
      expect(detail.body.data.order.status).toBe('approved');

      const messages = await query<{
        id: number;
        recipient: string;
        kind: string;
        status: string;
        attempts: number;
        transport: string;
        dedupe_key: string | null;
      }>('select id, recipient, kind, status, attempts, transport, dedupe_key from outbox order by id');
      expect(messages.map((m) => [m.recipient, m.kind])).toEqual([
        [email, 'code'],
        [newEmail, 'code'],
        [email, 'order_approved'],
      ]);
      for (const m of messages) {
        // attempts = 1 is the proof that it left once: the wake job, the sweeps of both servers
        // and A's death may all have put deliver-message jobs for it in the queue.
        expect(m, `message ${m.id}`).toMatchObject({ status: 'sent', attempts: 1, transport: 'outbox' });
      }
      expect(
        await query(`select dedupe_key from outbox where dedupe_key is not null group by 1 having count(*) > 1`),
      ).toEqual([]);
      expect(await query(`select 1 from outbox group by recipient, subject, body having count(*) > 1`)).toEqual([]);

      // pg-boss's side. Several deliver-message jobs for one message are legitimate (the request's
      // wake, then a sweep that saw it pending before it was sent), and each completes: the one
      // that took the row sent it, the others found it taken and did nothing. So the queue cannot
      // say "sent once"; the row's attempts can (above). What the queue must show: every message
      // had a completed job, and no job failed or is waiting for a retry.
      const jobs = await query<{ name: string; state: string; id: string | null }>(
        `select name, state::text as state, data->>'id' as id from pgboss.job
        union all
       select name, state::text as state, data->>'id' as id from pgboss.archive`,
      );
      const completedDeliveries = new Map<string, number>();
      const byState: Record<string, number> = {};
      for (const job of jobs) {
        byState[`${job.name}/${job.state}`] = (byState[`${job.name}/${job.state}`] ?? 0) + 1;
        if (job.name === 'deliver-message' && job.state === 'completed')
          completedDeliveries.set(job.id!, (completedDeliveries.get(job.id!) ?? 0) + 1);
      }
      notes.push(
        `deliver-message jobs completed per message: ${JSON.stringify(Object.fromEntries(completedDeliveries))}`,
        `jobs by state: ${JSON.stringify(byState)}`,
      );
      for (const m of messages)
        expect(completedDeliveries.get(String(m.id)), `jobs of message ${m.id}`).toBeGreaterThan(0);
      expect(jobs.filter((j) => j.state === 'failed' || j.state === 'retry')).toEqual([]);
      expect(byState['reconcile-payment/completed']).toBeGreaterThan(0);
    }, 40_000);
  },
);
