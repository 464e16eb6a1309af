import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../server/lib/lazy-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("a request's logger", () => {
  it('writes its lines with the request id, and only at the levels that are on', async () => {
    const { lines, stream } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const log = lazyChildLogger(parent, { reqId: 'req-7' }, {});
    log.info('not kept at warn');
    log.debug('nor this');
    log.warn({ order: 12 }, 'kept');
    log.error(new Error('boom'));
    await flush();
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['kept', 'req-7'],
      ['boom', 'req-7'],
    ]);
    expect(lines[0]!.order).toBe(12);
    expect((log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('info')).toBe(false);
    expect(log.level).toBe('warn');
  });

  it("takes a level set on it, and its own children carry the request's id", async () => {
    const { lines, stream } = capture();
    const log = lazyChildLogger(pino({ level: 'warn' }, stream), { reqId: 'req-8' }, {});
    log.level = 'info';
    log.info('now kept');
    log.child({ job: 'mail' }).warn('from a child');
    await flush();
    expect(lines.map((l) => [l.msg, l.reqId, l.job])).toEqual([
      ['now kept', 'req-8', undefined],
      ['from a child', 'req-8', 'mail'],
    ]);
  });

  it('a route with a level of its own logs at that level', async () => {
    const { lines, stream } = capture();
    const log = lazyChildLogger(pino({ level: 'warn' }, stream), { reqId: 'req-9' }, { level: 'debug' });
    log.debug('route debug');
    await flush();
    expect(lines.map((l) => l.msg)).toEqual(['route debug']);
  });
});
