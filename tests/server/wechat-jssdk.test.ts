import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jssdkSignature } from '../../server/content/routes/wechat-jssdk';
import { getJson } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('WeChat JS-SDK config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('signs as WeChat documents it (SHA-1 over the sorted fields, no fragment)', () => {
    // The example from WeChat's JS-SDK documentation.
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    expect(jssdkSignature(ticket, 'Wm3WZYTPz0wzccnW', '1414587457', 'http://mp.weixin.qq.com?params=value#frag')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });

  it('gives wx.config parameters for a page of this site', async () => {
    const res = await getJson<{ appId: string; timestamp: string; nonceStr: string; signature: string }>(
      t.app,
      `/api/wechat/jssdk?url=${encodeURIComponent('http://sim.test/h5/pages/user/index?x=1#top')}`,
    );
    expect(res.body.code).toBe(1);
    expect(res.body.data.appId).toBe('wx-sandbox-app');
    expect(res.body.data.signature).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses to sign another site', async () => {
    const res = await getJson(t.app, `/api/wechat/jssdk?url=${encodeURIComponent('https://evil.example/')}`);
    expect(res.body.data).toMatchObject({ error: 'BAD_REQUEST' });
  });
});
