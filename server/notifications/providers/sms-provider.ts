/** Sends one text message. Implementations: the development outbox and an HTTP SMS gateway. */
export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(to: string, text: string): Promise<void>;
}

/** Development: the outbox row is the message (see outbox-mail.ts); nothing is sent. */
export function outboxSms(): SmsProvider {
  return { kind: 'outbox', send: () => Promise.resolve() };
}

/** A JSON-over-HTTPS gateway: POST {to, text} with a bearer key; any 2xx is accepted. */
export function httpSms(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    kind: 'http',
    async send(to, text) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
