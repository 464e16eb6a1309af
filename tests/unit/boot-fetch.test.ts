import { describe, expect, it, vi } from 'vitest';
import { bootKey } from '../../contract/page-render';
import { bootFetch, recordingFetch } from '../../src/api/boot-fetch';

const envelope = (data: unknown) => JSON.stringify({ code: 1, msg: 'ok', time: 1, data });

describe('answers a server-drawn page carries', () => {
  it('serves each GET the page was drawn with once, then asks the network', async () => {
    const network = vi.fn(async () => new Response(envelope(['fresh']), { status: 200 }));
    const fetch = bootFetch({ [bootKey('/api/setmeal/lists', 'zh-cn')]: envelope(['drawn']) }, () => network);
    const init = { method: 'GET', headers: { token: 'visitor', 'Accept-Language': 'zh-cn' } };
    expect(await (await fetch('/api/setmeal/lists', init)).json()).toMatchObject({ data: ['drawn'] });
    expect(network).not.toHaveBeenCalled();
    expect(await (await fetch('/api/setmeal/lists', init)).json()).toMatchObject({ data: ['fresh'] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answers another language, a POST or another URL from the page', async () => {
    const network = vi.fn(async () => new Response(envelope('network'), { status: 200 }));
    const fetch = bootFetch({ [bootKey('/api/banner/lists', 'zh-cn')]: envelope('drawn') }, () => network);
    await fetch('/api/banner/lists', { headers: { 'Accept-Language': 'ja' } });
    await fetch('/api/banner/lists', { method: 'POST', headers: { 'Accept-Language': 'zh-cn' } });
    await fetch('/api/banner/lists?x=1', { headers: { 'Accept-Language': 'zh-cn' } });
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('records only successful GETs while drawing, and refuses anything that would change data', async () => {
    const record: Record<string, string> = {};
    const fetchApi = vi.fn(async (url: string) =>
      url.includes('missing') ? { status: 404, body: '{}' } : { status: 200, body: envelope(url) },
    );
    const fetch = recordingFetch(fetchApi, record);
    const ok = await fetch('/api/index/store', { headers: { token: 'visitor', 'Accept-Language': 'ja' } });
    expect(ok.status).toBe(200);
    expect((await fetch('/api/missing', { headers: { 'Accept-Language': 'ja' } })).status).toBe(404);
    expect(Object.keys(record)).toEqual([bootKey('/api/index/store', 'ja')]);
    expect(fetchApi).toHaveBeenCalledWith('/api/index/store', { token: 'visitor', 'accept-language': 'ja' });
    await expect(fetch('/api/user/logout', { method: 'POST' })).rejects.toThrow(/may not POST/);
  });
});
