import type { FastifyInstance } from 'fastify';
import { lineHistorySchema, pauseRequestSchema, pauseViewSchema } from '../../contract/pause-views.js';
import { requireUser } from '../lib/auth.js';
import { nothing, ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';
import { customerHistory } from './history.js';
import { bookPause, cancelPause, customerLine, endPause, pauseView, type PauseDeps } from './pause.js';

/**
 * The customer's pause page (GET/POST /api/line/pause, /cancel, POST /api/line/resume) and the
 * line's history (GET /api/line/history). Each change answers the page's new state.
 */
export function pauseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const deps = (): PauseDeps => ({
    db: app.db,
    linePlatform: app.linePlatform,
    keepNumberFee: app.config.KEEP_NUMBER_FEE,
  });
  const viewReply = { response: replies(pauseViewSchema) };

  app.get('/api/line/pause', { schema: viewReply }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await pauseView(deps(), user.id));
  });

  app.post('/api/line/pause', { schema: { body: pauseRequestSchema, ...viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { line } = await customerLine(app.db, user.id);
    await bookPause(app.db, line.id, request.body, `customer:${user.id}`);
    return ok(request.lang, await pauseView(deps(), user.id));
  });

  app.post('/api/line/pause/cancel', { schema: { body: nothing.optional(), ...viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { line } = await customerLine(app.db, user.id);
    await cancelPause(app.db, line.id);
    return ok(request.lang, await pauseView(deps(), user.id));
  });

  app.post('/api/line/resume', { schema: { body: nothing.optional(), ...viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { line } = await customerLine(app.db, user.id);
    await endPause(deps(), line.id, { actor: `customer:${user.id}` });
    return ok(request.lang, await pauseView(deps(), user.id));
  });

  app.get('/api/line/history', { schema: { response: replies(lineHistorySchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { line } = await customerLine(app.db, user.id);
    return ok(request.lang, { events: await customerHistory(app.db, line.id) });
  });
  return Promise.resolve();
}
