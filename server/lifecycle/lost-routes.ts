import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerParamsSchema } from '../../contract/admin-customers-views.js';
import {
  lostLineViewSchema,
  replacementActivateSchema,
  replacementParamsSchema,
  replacementRequestSchema,
  replacementShipSchema,
  staffLostPanelSchema,
  staffReplacementListSchema,
  staffReplacementSchema,
} from '../../contract/lost-views.js';
import { customerLine } from '../esim/index.js';
import { requireUser } from '../lib/auth.js';
import { ok, replies } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { staffGuard } from '../lib/staff-auth.js';
import { withContract } from '../lib/validate.js';
import type { Actor } from './lost-common.js';
import { reportLost } from './lost.js';
import { cancelReplacement, lostLineView, requestReplacement } from './replacement.js';
import { advanceEsimReplacement, replacementSweep } from './replacement-esim.js';
import { activateReplacement, openReplacements, sendReplacement, staffLostPanel } from './replacement-staff.js';

/**
 * A lost or stolen SIM (docs/lost-sim.md). The customer's lost page: GET /api/line/replacement,
 * POST /api/line/lost, /api/line/replacement and its /cancel. Staff's [customers] report for a
 * caller and [fulfil] post, pickup and activation; every step audited.
 */
export function lostRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const fee = () => app.config.SIM_REPLACEMENT_FEE;
  const deps = () => ({ db: app.db, linePlatform: app.linePlatform, esim: app.esim });
  const viewReply = replies(lostLineViewSchema);
  const lineOf = async (userId: number) => {
    const line = await customerLine(app.db, userId);
    if (!line) throw new ApiError('NO_LINE');
    return line;
  };

  app.get('/api/line/replacement', { schema: { response: viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const line = await customerLine(app.db, user.id);
    // A paid eSIM replacement moves on when its owner looks, without waiting for the sweep.
    if (line) await replacementSweep(deps(), { lineId: line.id });
    return ok(request.lang, await lostLineView(app.db, user.id, fee()));
  });

  app.post('/api/line/lost', { schema: { response: viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    await reportLost(deps(), await lineOf(user.id), { actor: `customer:${user.id}` });
    return ok(request.lang, await lostLineView(app.db, user.id, fee()));
  });

  app.post(
    '/api/line/replacement',
    { schema: { body: replacementRequestSchema, response: viewReply } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const line = await lineOf(user.id);
      const row = await requestReplacement(app.db, {
        line,
        kind: request.body.kind,
        feeExTax: fee(),
        by: { actor: `customer:${user.id}` },
      });
      await advanceEsimReplacement(deps(), row).catch((error: unknown) =>
        request.log.error({ err: error, replacementNo: row.replacementNo }, 'replacement did not advance'),
      );
      return ok(request.lang, await lostLineView(app.db, user.id, fee()));
    },
  );

  app.post('/api/line/replacement/cancel', { schema: { response: viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    await cancelReplacement(app.db, await lineOf(user.id), { actor: `customer:${user.id}` });
    return ok(request.lang, await lostLineView(app.db, user.id, fee()));
  });

  // Staff: checked (session, CSRF, role) before the body is read, so a refusal is audited whatever it carried.
  const { guard, signedIn } = staffGuard(app);
  const staffActor = (request: FastifyRequest): Actor => {
    const found = signedIn(request);
    return { actor: `staff:${found.actor.login}`, staffId: found.actor.id, ip: found.actor.ip };
  };
  const panelReply = replies(staffLostPanelSchema);
  const oneReply = replies(staffReplacementSchema);

  app.get(
    '/api/admin/customers/:id/replacement',
    { ...guard('customers'), schema: { params: customerParamsSchema, response: panelReply } },
    async (request) => ok(request.lang, await staffLostPanel(app.db, request.params.id)),
  );

  app.post(
    '/api/admin/customers/:id/lost',
    { ...guard('customers'), schema: { params: customerParamsSchema, response: panelReply } },
    async (request) => {
      const by = staffActor(request);
      await reportLost(deps(), await lineOf(request.params.id), by);
      return ok(request.lang, await staffLostPanel(app.db, request.params.id));
    },
  );

  // A caller without the app (or without a phone, the SIM being lost): staff order the new SIM
  // for them; its fee, if any, is the customer's to pay like their own order's (the lost page).
  app.post(
    '/api/admin/customers/:id/replacement',
    {
      ...guard('customers'),
      schema: { params: customerParamsSchema, body: replacementRequestSchema, response: panelReply },
    },
    async (request) => {
      const row = await requestReplacement(app.db, {
        line: await lineOf(request.params.id),
        kind: request.body.kind,
        feeExTax: fee(),
        by: staffActor(request),
      });
      await advanceEsimReplacement(deps(), row).catch((error: unknown) =>
        request.log.error({ err: error, replacementNo: row.replacementNo }, 'replacement did not advance'),
      );
      return ok(request.lang, await staffLostPanel(app.db, request.params.id));
    },
  );

  app.get(
    '/api/admin/replacements',
    { ...guard('fulfil'), schema: { response: replies(staffReplacementListSchema) } },
    async (request) => ok(request.lang, { replacements: await openReplacements(app.db) }),
  );

  app.post(
    '/api/admin/replacements/:replacementNo/ship',
    {
      ...guard('fulfil'),
      schema: { params: replacementParamsSchema, body: replacementShipSchema, response: oneReply },
    },
    async (request) => {
      const send = { way: 'ship' as const, trackingNo: request.body.trackingNo };
      return ok(request.lang, await sendReplacement(app.db, request.params.replacementNo, send, staffActor(request)));
    },
  );

  app.post(
    '/api/admin/replacements/:replacementNo/ready',
    { ...guard('fulfil'), schema: { params: replacementParamsSchema, response: oneReply } },
    async (request) => {
      const send = { way: 'pickup' as const };
      return ok(request.lang, await sendReplacement(app.db, request.params.replacementNo, send, staffActor(request)));
    },
  );

  app.post(
    '/api/admin/replacements/:replacementNo/activate',
    {
      ...guard('fulfil'),
      schema: { params: replacementParamsSchema, body: replacementActivateSchema, response: oneReply },
    },
    async (request) => {
      const { replacementNo } = request.params;
      const row = await activateReplacement(deps(), replacementNo, request.body.iccid, staffActor(request));
      return ok(request.lang, row);
    },
  );
  return Promise.resolve();
}
