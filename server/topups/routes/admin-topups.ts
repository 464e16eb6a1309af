import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { customerParamsSchema } from '../../../contract/admin-customers-views.js';
import { adminTopupsSchema } from '../../../contract/topup-views.js';
import { lines } from '../../db/schema.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { staffGuard } from '../../lib/staff-auth.js';
import { auditStaff } from '../../lib/staff-sessions.js';
import { withContract } from '../../lib/validate.js';
import { autoTopupView, cardOf, turnAutoTopupOff } from '../card.js';
import { recentTopups, topupViews } from '../topups.js';

/**
 * The console's top-up panel on a customer's page (permission `customers`): the line's top-ups,
 * the automatic top-up and the card as the gateway shows it; support may turn automatic
 * top-up off (audited). Null when the customer has no line.
 */
export async function adminTopupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const staff = staffGuard(app);
  const guard = staff.guard('customers');
  const signedIn = staff.signedIn;
  const panel = async (userId: number) => {
    const [line] = await app.db
      .select()
      .from(lines)
      .where(and(eq(lines.userId, userId), isNull(lines.endedAt)))
      .orderBy(desc(lines.activatedAt), desc(lines.id))
      .limit(1);
    if (!line) return null;
    return {
      lineId: line.id,
      msisdn: line.msisdn,
      topups: await topupViews(app.db, await recentTopups(app.db, line.id, 20)),
      auto: await autoTopupView(app.db, line.id),
      card: await cardOf(app.db, userId),
    };
  };
  const reply = replies(adminTopupsSchema.nullable());

  app.get(
    '/api/admin/customers/:id/topups',
    { ...guard, schema: { params: customerParamsSchema, response: reply } },
    async (request) => ok(request.lang, await panel(request.params.id)),
  );

  app.post(
    '/api/admin/customers/:id/auto-topup/off',
    { ...guard, schema: { params: customerParamsSchema, response: reply } },
    async (request) => {
      const staff = signedIn(request);
      const before = await panel(request.params.id);
      if (!before) throw new ApiError('NO_LINE');
      const changed = await turnAutoTopupOff(app.db, before.lineId, 'staff');
      await auditStaff(app.db, staff.actor, 'auto-topup-off', String(request.params.id), {
        lineId: before.lineId,
        changed: changed.length > 0,
      });
      return ok(request.lang, await panel(request.params.id));
    },
  );
}
