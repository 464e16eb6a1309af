import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { customerParamsSchema } from '../../contract/admin-customers-views.js';
import { adminLeavingSchema, cancellationRequestSchema, type AdminLeaving } from '../../contract/leave-views.js';
import type { Database } from '../db/client.js';
import { lines } from '../db/schema.js';
import { ok, replies } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { staffGuard } from '../lib/staff-auth.js';
import { auditStaff } from '../lib/staff-sessions.js';
import { withContract } from '../lib/validate.js';
import { bookCancellation, bookedView, currentCancellation, withdrawCancellation } from './cancellation.js';
import { completePortOut, issuePortOut, portOutView } from './port-out.js';
import { endCancelledLine } from './cancellation-sweep.js';
import { CarrierUnavailableError } from '../line/index.js';
import { tokyoDate } from '../../contract/calendar.js';

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
  const staff = staffGuard(app);
  const guard = staff.guard('customers');
  const signedIn = staff.signedIn;
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
        keepNumberFee: app.config.KEEP_NUMBER_FEE,
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

  // The last day itself (a customer leaving today, at the airport): staff may end the line now
  // instead of the next morning's sweep. Not before: until its day the cancellation can still
  // be withdrawn, and the rent is owed by the month anyway.
  app.post(
    `${base}/cancellation/end-now`,
    { ...guard, schema: { params: customerParamsSchema, body: nothing, response: reply } },
    async (request) => {
      const { actor } = signedIn(request);
      const lineId = await lineOf(request.params.id);
      const now = new Date();
      const booked = await currentCancellation(app.db, lineId);
      const [line] = await app.db.select().from(lines).where(eq(lines.id, lineId)).limit(1);
      if (!booked || booked.status !== 'booked' || !line) throw new ApiError('NO_CANCELLATION');
      if (tokyoDate(now) < booked.lastDay) throw new ApiError('CANCELLATION_NOT_DUE');
      try {
        await endCancelledLine(app, booked, line, { actor: `staff:${actor.login}`, staffId: actor.id }, now);
      } catch (error) {
        // The line is ended here; the carrier is asked again by the sweep with the same key.
        if (!(error instanceof CarrierUnavailableError)) throw error;
      }
      await auditStaff(app.db, actor, 'line-ended-now', String(request.params.id), { lineId, id: booked.id });
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
