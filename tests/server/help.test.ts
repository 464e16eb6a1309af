import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { getJson } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('help content on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('lists FAQ by topic in Chinese and Japanese, with the service facts', async () => {
    const cn = await getJson<{ topic: string; question: string; answer: string }[]>(t.app, '/api/faq/lists');
    const ja = await getJson<{ topic: string; question: string; answer: string }[]>(t.app, '/api/faq/lists', {
      'accept-language': 'ja',
    });
    expect(new Set(cn.body.data.map((f) => f.topic))).toEqual(
      new Set(['buying', 'delivery', 'data', 'plan', 'billing', 'documents', 'service']),
    );
    const all = cn.body.data.map((f) => f.answer).join(' ');
    for (const fact of ['次月 25 日', '3 个工作日', '3 个月内', '10M', '10% 消费税', '22 款', '9:00-17:30'])
      expect(all).toContain(fact);
    expect(ja.body.data[0]!.question).toBe('SIM の購入に必要な書類は？');
  });

  it('serves rich-text pages in both languages and 404 for an unknown one', async () => {
    const cn = await getJson<{ title: string; html: string }>(t.app, '/api/page/detail?name=sim-rules');
    expect(cn.body.data.title).toBe('SIM 卡使用规则');
    const ja = await getJson<{ title: string }>(t.app, '/api/page/detail?name=privacy', { 'accept-language': 'ja' });
    expect(ja.body.data.title).toBe('プライバシーポリシー');
    expect((await getJson(t.app, '/api/page/detail?name=nope')).status).toBe(404);
  });
});
