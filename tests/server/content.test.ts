import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Banner, Envelope, PlanInfo, StoreInfo } from '../../contract/api';
import { seedIfEmpty } from '../../server/db/seed';
import { backends } from './helpers/databases';
import { createTestApp, ja, zh, type TestApp } from './helpers/test-app';

const hasHan = /[\u4e00-\u9fff]/;
const hasKana = /[\u3040-\u30ff]/;

describe.each(backends)('public content on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: Record<string, string> = zh) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  it('answers /healthz once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: backend });
  });

  it('gives the app config with tax and Tokyo service hours', async () => {
    const { status, body } = await get<AppConfig>('/api/common/init');
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.msg).toBe('成功');
    expect(typeof body.time).toBe('number');
    expect(body.data.taxRatePercent).toBe(10);
    expect(body.data.freeApps).toBe(22);
    expect(body.data.serviceHours).toEqual({
      timeZone: 'Asia/Tokyo',
      open: '09:00',
      close: '17:30',
      weekdays: [1, 2, 3, 4, 5],
    });
    expect(body.data.siteName).toBe('云路移动');
    const inJapanese = await get<AppConfig>('/api/common/init', ja);
    expect(inJapanese.body.msg).toBe('成功しました');
    expect(inJapanese.body.data.siteName).toBe('くもじモバイル');
  });

  it('lists at least three banners, localized by Accept-Language', async () => {
    const cn = await get<Banner[]>('/api/banner/lists');
    expect(cn.status).toBe(200);
    expect(cn.body.data.length).toBeGreaterThanOrEqual(3);
    for (const banner of cn.body.data) {
      expect(banner.title).toMatch(hasHan);
      expect(banner.image).toMatch(/^banners\/.+\.svg$/);
    }
    const jp = await get<Banner[]>('/api/banner/lists', ja);
    expect(jp.body.data.map((b) => b.id)).toEqual(cn.body.data.map((b) => b.id));
    expect(jp.body.data.some((b) => hasKana.test(b.title))).toBe(true);
    expect(jp.body.data[0]?.title).not.toBe(cn.body.data[0]?.title);
  });

  it('lists at least three stores with address, hours and map coordinates', async () => {
    const { body } = await get<StoreInfo[]>('/api/index/store');
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    for (const store of body.data) {
      expect(store.name).not.toBe('');
      expect(store.address).not.toBe('');
      expect(store.hours).not.toBe('');
      // Japan spans roughly 24-46 N and 122-154 E.
      expect(store.lat).toBeGreaterThan(24);
      expect(store.lat).toBeLessThan(46);
      expect(store.lng).toBeGreaterThan(122);
      expect(store.lng).toBeLessThan(154);
    }
    const jp = await get<StoreInfo[]>('/api/index/store', ja);
    expect(jp.body.data[0]?.address).toMatch(/東京都/);
  });

  it('lists at least three plans with integer yen prices excluding tax', async () => {
    const { body } = await get<PlanInfo[]>('/api/setmeal/lists');
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    for (const plan of body.data) {
      for (const price of [plan.originalPrice, plan.activityPrice, plan.monthlyRent]) {
        expect(Number.isInteger(price)).toBe(true);
        expect(price).toBeGreaterThan(0);
      }
      expect(plan.activityPrice).toBeLessThanOrEqual(plan.originalPrice);
    }
  });

  it('seeds only once, however often it is asked', async () => {
    expect(await seedIfEmpty(t.database.handle.db)).toBe(false);
    const { body } = await get<PlanInfo[]>('/api/setmeal/lists');
    expect(body.data).toHaveLength(4);
  });

  it('answers an unknown API path with a localized 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such', headers: ja });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0, msg: 'お探しの情報は見つかりません', data: { error: 'NOT_FOUND' } });
  });

  it('refuses a malformed JSON body with 400, not 500, and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/banner/lists',
      headers: { ...zh, 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/stack|at .*\.ts|SyntaxError/);
  });
});
