import { bootKey } from '../../contract/page-render';

function headerOf(init: RequestInit | undefined, name: string): string {
  const headers = init?.headers;
  if (!headers) return '';
  if (headers instanceof Headers) return headers.get(name) ?? '';
  if (Array.isArray(headers)) return headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? '';
  const record = headers;
  return record[name] ?? record[name.toLowerCase()] ?? '';
}

/** The address a fetch was called with, whichever form it came in. */
function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch that first answers from what the server used to draw this page, each answer
 * once (so a later reload of the same data asks the network), then goes to `network`.
 */
export function bootFetch(answers: Record<string, string>, network: () => typeof fetch): typeof fetch {
  const left = new Map(Object.entries(answers));
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      const key = bootKey(urlOf(input), headerOf(init, 'Accept-Language'));
      const body = left.get(key);
      if (body !== undefined) {
        left.delete(key);
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
      }
    }
    return network()(input, init);
  };
}

/**
 * A fetch for the server's drawing: every GET goes to `fetchApi` and its answer is kept in
 * `record` for the page. Drawing a page never changes anything, so nothing else is allowed.
 */
export function recordingFetch(
  fetchApi: (url: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>,
  record: Record<string, string>,
): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`a server-drawn page may not ${method} ${urlOf(input)}`);
    const url = urlOf(input);
    const headers: Record<string, string> = {};
    for (const name of ['token', 'Accept-Language']) headers[name.toLowerCase()] = headerOf(init, name);
    const answer = await fetchApi(url, headers);
    if (answer.status === 200) record[bootKey(url, headers['accept-language'] ?? '')] = answer.body;
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
}
