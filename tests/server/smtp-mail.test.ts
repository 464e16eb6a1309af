import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../server/db/schema';
import { createTransports } from '../../server/notifications/providers/create-transports';
import { deliverMessage, dueMessageIds, MAX_ATTEMPTS } from '../../server/notifications/outbox';
import { postForm } from './helpers/requests';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

interface Received {
  to: string[];
  raw: string;
}

/** The text body of a single-part message, undoing base64 or quoted-printable. */
function decodedBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

// A real SMTP peer: the mail goes over the wire as it would to a provider.
describe('mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let smtpUrl = '';
  // What a worker delivers with: the transports the configuration names, here the SMTP peer.
  const deps = (url = smtpUrl) => ({
    db: t.app.db,
    transports: createTransports(testConfig({ SMTP_URL: url })),
    origin: 'http://sim.test',
  });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    smtpUrl = `smtp://127.0.0.1:${port}`;
    t = await createTestApp('pglite', { env: { SMTP_URL: smtpUrl } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the password-reset code to the customer in Japanese', async () => {
    // Codes go out in the account's language: this customer signed up from a Japanese page.
    await postForm(
      t.app,
      '/api/user/register',
      { username: 'tanaka', email: 'tanaka@example.jp', password: 'tanaka123', repassword: 'tanaka123' },
      { 'accept-language': 'ja' },
    );
    const res = await postForm(
      t.app,
      '/api/user/retrieve',
      { email: 'tanaka@example.jp' },
      { 'accept-language': 'ja' },
    );
    expect(res.body.code).toBe(1);
    // The request only committed the message (after answering: reset answers the same for
    // every address); nothing went over the wire yet.
    await expect.poll(() => dueMessageIds(t.app.db)).toHaveLength(1);
    expect(received).toHaveLength(0);
    for (const id of await dueMessageIds(t.app.db)) await deliverMessage(deps(), id);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['tanaka@example.jp']);
    // Headers are MIME-encoded; the subject decodes to the Japanese title.
    const subject = /^Subject: (.+(?:\r\n .+)*)/m.exec(mail.raw)?.[1] ?? '';
    const decoded = subject
      .split(/\s+/)
      .map((word) => /^=\?UTF-8\?B\?(.+)\?=$/i.exec(word)?.[1])
      .filter(Boolean)
      .map((b64) => Buffer.from(b64!, 'base64'))
      .reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0))
      .toString('utf8');
    expect(decoded || subject).toContain('パスワードの再設定');
    expect(decodedBody(mail.raw)).toMatch(/確認コードは \d{6} です/);
  });

  it('keeps a registration working while mail is down, retries with back-off, then keeps the message as failed', async () => {
    // A peer that refuses every recipient, as a provider in an outage does.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const down = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
    try {
      await postForm(t.app, '/api/user/register', {
        username: 'suzuki',
        email: 'suzuki@example.jp',
        password: 'suzuki123',
        repassword: 'suzuki123',
      });
      const res = await postForm(t.app, '/api/user/retrieve', { email: 'suzuki@example.jp' });
      expect(res.body.code).toBe(1);
      const mine = () => t.app.db.select().from(outbox).where(eq(outbox.recipient, 'suzuki@example.jp'));
      await expect.poll(mine).toHaveLength(1);
      const [row] = await mine();
      let now = new Date();
      expect(await deliverMessage(deps(down), row!.id, now)).toBe('retry');
      // Not again before its back-off has passed.
      expect(await deliverMessage(deps(down), row!.id, now)).toBe('skipped');
      const outcomes: string[] = [];
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
        now = new Date(now.getTime() + 61 * 60_000);
        outcomes.push(await deliverMessage(deps(down), row!.id, now));
      }
      expect(outcomes).toEqual(['retry', 'retry', 'retry', 'failed']);
      const [failed] = await t.app.db.select().from(outbox).where(eq(outbox.id, row!.id));
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(failed!.lastError).toMatch(/451|mailbox unavailable/);
      // Kept, and no longer due: a sweep leaves it for staff.
      expect(await dueMessageIds(t.app.db, new Date(now.getTime() + 24 * 3_600_000))).not.toContain(row!.id);
      expect(received.some((m) => m.to.includes('suzuki@example.jp'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
