import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

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
    t = await createTestApp('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the password-reset code to the customer in Japanese', async () => {
    await postForm(t.app, '/api/user/register', {
      username: 'tanaka',
      email: 'tanaka@example.jp',
      password: 'tanaka123',
      repassword: 'tanaka123',
    });
    const res = await postForm(
      t.app,
      '/api/user/retrieve',
      { email: 'tanaka@example.jp' },
      { 'accept-language': 'ja' },
    );
    expect(res.body.code).toBe(1);
    await expect.poll(() => received.length).toBe(1);
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
});
