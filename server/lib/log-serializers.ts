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

export const requestLogSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: loggedPath(request) }),
  res: (reply: LoggedReply) =>
    reply.request ? { statusCode: reply.statusCode, method: reply.request.method, url: loggedPath(reply.request) } : { statusCode: reply.statusCode },
};
