import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsimUnavailableError } from '../../server/esim/index';
import { liveEsim } from '../../server/esim/providers/live-esim';
import { noticeHeaders } from '../../server/esim/providers/notice-signature';
import { fakeApi } from './helpers/fake-api';

// The live adapter against a stand-in for the carrier's REST API: the calls it makes, what it
// makes of the answers, and that a failure says nothing of the matching ID it sent.
describe('the live eSIM adapter', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let mode: 'ok' | 'down' | 'odd' | 'slow' = 'ok';
  beforeAll(async () => {
    api = await fakeApi((path) => {
      if (mode === 'down') return { status: 503, body: '{"error":"maintenance"}' };
      if (mode === 'odd') return { body: '<html>' };
      if (path.endsWith('/reserve')) return { body: '{"msisdn":"07012345678","state":"released"}' };
      if (path.endsWith('/release')) return { status: path.includes('8981000000000000002') ? 410 : 200, body: '{}' };
      return { body: '{"state":"installed"}' };
    });
  });
  afterAll(() => api.close());
  const provider = (timeoutMs = 2000) =>
    liveEsim({ apiBase: `${api.base}/v1/`, token: 'tok-123', secret: 'notice-secret', timeoutMs });
  const input = {
    iccid: '8981000000000000001',
    smdpAddress: 'smdp.carrier.example',
    matchingId: 'K2-LIVE-SECRET',
    msisdn: null,
  };

  it('reserves, releases and asks with the bearer token', async () => {
    mode = 'ok';
    expect(await provider().reserve(input)).toEqual({ msisdn: '07012345678' });
    const sent = api.seen.at(-1)!;
    expect(sent.path).toBe('/v1/profiles/8981000000000000001/reserve');
    expect(sent.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(sent.body)).toMatchObject({ matching_id: 'K2-LIVE-SECRET', msisdn: null });
    await provider().release('8981000000000000001');
    // Released already (410) is what releasing wants: no error.
    await provider().release('8981000000000000002');
    expect(await provider().status('8981000000000000001')).toBe('installed');
    expect(api.seen.at(-1)!.path).toBe('/v1/profiles/8981000000000000001');
  });

  it('turns an outage or a strange answer into EsimUnavailableError without the matching ID', async () => {
    for (const m of ['down', 'odd'] as const) {
      mode = m;
      const error = await provider()
        .reserve(input)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EsimUnavailableError);
      expect(String((error as Error).message)).not.toContain('K2-LIVE-SECRET');
    }
    const unreachable = liveEsim({ apiBase: 'http://127.0.0.1:9', token: 't', secret: 's', timeoutMs: 500 });
    await expect(unreachable.status('8981000000000000001')).rejects.toBeInstanceOf(EsimUnavailableError);
  });

  it('verifies notices signed with ESIM_WEBHOOK_SECRET only', () => {
    const body = JSON.stringify({
      event_id: 'ev-1',
      iccid: '8981000000000000001',
      state: 'installed',
      occurred_at: new Date().toISOString(),
    });
    const now = new Date();
    expect(provider().verifyNotice(noticeHeaders('notice-secret', body, now), body, now)).toMatchObject({
      eventId: 'ev-1',
      state: 'installed',
    });
    expect(provider().verifyNotice(noticeHeaders('other', body, now), body, now)).toBeNull();
    expect(
      provider().verifyNotice(noticeHeaders('notice-secret', body, now), body.replace('installed', 'deleted'), now),
    ).toBeNull();
    const bad = '{"event_id":"x","iccid":"123","state":"installed","occurred_at":"2026-01-01T00:00:00Z"}';
    expect(provider().verifyNotice(noticeHeaders('notice-secret', bad, now), bad, now)).toBeNull();
  });
});
