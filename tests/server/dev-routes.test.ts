import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../server/notifications/routes/dev-outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

// The development outbox lists every reset, activation and SMS code: whoever reads it can
// take over any account. Only this machine may read it.

/** An address of this machine that is not loopback, if it has one. */
function ownNetworkAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (!entry.internal && entry.family === 'IPv4') return entry.address;
  }
  return undefined;
}

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('answers this machine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('messages');
  });

  it('is not there for a client elsewhere, even one that claims to be local behind a proxy', async () => {
    for (const url of ['/dev/outbox.json', '/dev/outbox', '/dev/outbox.json?to=a@example.com']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 0, data: { error: 'NOT_FOUND' } });
    }
  });

  it('knows loopback addresses in every spelling', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ['203.0.113.5', '::ffff:10.0.0.1', '10.127.0.1', 'fe80::1', '', undefined])
      expect(isLoopback(address), String(address)).toBe(false);
  });

  const lan = ownNetworkAddress();
  it.skipIf(!lan)('answers 404 over the network to a real connection from another interface', async () => {
    await t.app.listen({ host: '0.0.0.0', port: 8112 });
    try {
      const fromNetwork = await fetch(`http://${lan}:8112/dev/outbox.json`);
      expect(fromNetwork.status).toBe(404);
      const fromHere = await fetch('http://127.0.0.1:8112/dev/outbox.json');
      expect(fromHere.status).toBe(200);
    } finally {
      t.app.server.close();
    }
  });
});
