import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { customerParamsSchema } from '../../contract/admin-customers-views.js';
import { adminLeavingSchema, cancellationRequestSchema, type AdminLeaving } from '../../contract/leave-views.js';
import type { Database } from '../db/client.js';
import { lines } from '../db/schema.js';
import { ok, replies } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { requireStaff, type StaffRequest } from '../lib/staff-auth.js';
import { auditStaff } from '../lib/staff-sessions.js';
import { withContract } from '../lib/validate.js';
import { bookCancellation, bookedView, currentCancellation, withdrawCancellation } from './cancellation.js';
import { completePortOut, issuePortOut, portOutView } from './port-out.js';

const nothing = z.object({});

async function leavingOf(db: Database, userId: number): Promise<AdminLeaving> {
  const [line] = await db
    .select()
    .from(lines)
    .where(eq(lines.userId, userId))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  if (!line) return { lineId: null, lineStatus: null, cancellation: null, portOut: null };
  const booked = await currentCancellation(db, line.id);
  return {
    lineId: line.id,
    lineStatus: line.status,
    cancellation: booked ? await bookedView(db, booked, new Date()) : null,
    portOut: (await portOutView(db, line)).portOut,
  };
}

/**
 * The console's leaving panel on a customer's page [customers]: the booked cancellation with its
 * final bill, booking or withdrawing it for the customer, and the port-out (issue the number,
 * mark it completed). Every action is audited, refusals included (the guard).
 */
export function cancellationAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const staffOf = new WeakMap<FastifyRequest, StaffRequest>();
  const guard = {
    preValidation: async (request: FastifyRequest) => {
      staffOf.set(request, await requireStaff(app, request, 'customers'));
    },
  };
  const signedIn = (request: FastifyRequest): StaffRequest => {
    const found = staffOf.get(request);
    if (!found) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
    return found;
  };
  const reply = replies(adminLeavingSchema);
  const lineOf = async (userId: number) => {
    const view = await leavingOf(app.db, userId);
    if (view.lineId === null) throw new ApiError('NO_LINE');
    return view.lineId;
  };
  const base = '/api/admin/customers/:id';

  app.get(`${base}/leaving`, { ...guard, schema: { params: customerParamsSchema, response: reply } }, async (request) =>
    ok(request.lang, await leavingOf(app.db, request.params.id)),
  );

  app.post(
    `${base}/cancellation`,
    { ...guard, schema: { params: customerParamsSchema, body: cancellationRequestSchema, response: reply } },
    async (request) => {
      const { actor } = signedIn(request);
      const lineId = await lineOf(request.params.id);
      const row = await bookCancellation(app.db, {
        lineId,
        lastDay: request.body.lastDay,
        fee: app.config.CANCELLATION_FEE,
        actor: `staff:${actor.login}`,
        staffId: actor.id,
      });
      await auditStaff(app.db, actor, 'cancellation-booked', String(request.params.id), {
        lineId,
        lastDay: row.lastDay,
        chargeId: row.chargeId,
      });
      return ok(request.lang, await leavingOf(app.db, request.params.id));
    },
  );

  app.post(
    `${base}/cancellation/withdraw`,
    { ...guard, schema: { params: customerParamsSchema, body: nothing, response: reply } },
    async (request) => {
      const { actor } = signedIn(request);
      const lineId = await lineOf(request.params.id);
      const row = await withdrawCancellation(app.db, {
        lineId,
        actor: `staff:${actor.login}`,
        staffId: actor.id,
        keepNumberFee: app.config.KEEP_NUMBER_FEE,
      });
      await auditStaff(app.db, actor, 'cancellation-withdrawn', String(request.params.id), { lineId, id: row.id });
      return ok(request.lang, await leavingOf(app.db, request.params.id));
    },
  );

  app.post(
    `${base}/port-out/issue`,
    { ...guard, schema: { params: customerParamsSchema, body: nothing, response: reply } },
    async (request) => {
      const { actor } = signedIn(request);
      const lineId = await lineOf(request.params.id);
      const row = await issuePortOut(app.db, app.linePlatform, { lineId, staffId: actor.id });
      // The audit keeps that it was issued and until when, never the number.
      await auditStaff(app.db, actor, 'port-out-issued', String(request.params.id), {
        lineId,
        portOutId: row.id,
        validUntil: row.validUntil,
      });
      return ok(request.lang, await leavingOf(app.db, request.params.id));
    },
  );

  app.post(
    `${base}/port-out/complete`,
    { ...guard, schema: { params: customerParamsSchema, body: nothing, response: reply } },
    async (request) => {
      const { actor } = signedIn(request);
      const lineId = await lineOf(request.params.id);
      const row = await completePortOut(app.db, { lineId, actor: `staff:${actor.login}`, staffId: actor.id });
      await auditStaff(app.db, actor, 'port-out-completed', String(request.params.id), { lineId, portOutId: row.id });
      return ok(request.lang, await leavingOf(app.db, request.params.id));
    },
  );
  // Routes are declared synchronously; Fastify takes the settled promise as the plugin's end.
  return Promise.resolve();
}
