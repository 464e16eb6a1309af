import { stdSerializers } from 'pino';

// Request logs name the route a request matched, never the URL it came with: e-mailed links
// carry reset codes and addresses in their query (?code=...&email=...), OAuth returns carry
// codes, and logs are kept longer and read by more people than the database.

interface LoggedRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

interface LoggedReply {
  statusCode: number;
  request?: LoggedRequest;
}

const MAX_PATH = 200;

/** The route pattern (`/api/pay/notify/:provider`), or for unrouted URLs the path alone. */
export function loggedPath(request: LoggedRequest): string {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  const path = (request.url ?? '').split(/[?#]/, 1)[0] ?? '';
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

// An SMTP refusal names its recipient; a failed fetch names its URL with the query.
const EMAIL = /[\w.!#$%&'*+=^`{|}~-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
const QUERY = /\?[^\s"'<>]*/g;

/** An error message or stack without e-mail addresses or query strings. */
export function scrub(text: string): string {
  return text.replace(QUERY, '?<query>').replace(EMAIL, '<email>');
}

export const requestLogSerializers = {
  err: (error: Error) => {
    const serialized = stdSerializers.err(error);
    return { ...serialized, message: scrub(serialized.message), stack: scrub(serialized.stack) };
  },
  req: (request: LoggedRequest) => ({ method: request.method, url: loggedPath(request) }),
  res: (reply: LoggedReply) =>
    reply.request
      ? { statusCode: reply.statusCode, method: reply.request.method, url: loggedPath(reply.request) }
      : { statusCode: reply.statusCode },
};
