import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for a provider's API: answers by path, records what it was sent. */
export async function fakeApi(
  answer: (path: string, body: string) => { status?: number; body: string; type?: string },
) {
  const seen: { path: string; body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body: raw, headers: req.headers });
      const a = answer(req.url ?? '', raw);
      res.statusCode = a.status ?? 200;
      res.setHeader('content-type', a.type ?? 'application/json');
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
