// A fetch that answers like our API, recording every request it saw.

export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export type Handler = (
  request: SeenRequest,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export function fakeFetch(handler: Handler): { fetch: typeof fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    // The client sends a plain object; keys are compared as HTTP does, case-insensitively.
    for (const [key, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    const request: SeenRequest = {
      url: input instanceof Request ? input.url : input instanceof URL ? input.href : input,
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : null,
    };
    seen.push(request);
    const { status, body } = await handler(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: impl, seen };
}

export const envelope = <T>(data: T, code = 1, msg = 'ok') => ({ code, msg, time: 1_732_250_000, data });
