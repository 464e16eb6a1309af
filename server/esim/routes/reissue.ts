import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { orderNoParamsSchema } from '../../../contract/admin-review-views.js';
import {
  esimLineViewSchema,
  reissueCancelSchema,
  reissueRequestSchema,
  reissueViewSchema,
  staffReissueSchema,
} from '../../../contract/esim-views.js';
import { esimReissues } from '../../db/schema.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { requireStaff, type StaffRequest } from '../../lib/staff-auth.js';
import { auditStaff } from '../../lib/staff-sessions.js';
import { withContract } from '../../lib/validate.js';
import type { EsimDeps } from '../profiles.js';
import { advanceReissue, advanceReissues } from '../reissue-progress.js';
import {
  cancelReissue,
  customerLine,
  esimLineView,
  openReissue,
  reissueView,
  staffReissue,
  type ReissueRow,
} from '../reissues.js';

/**
 * The customer's reissue (the line page's card: GET /api/esim/line, POST /api/esim/reissue and
 * /cancel) and staff's, from the console's order page (free, audited). Reads move an open
 * reissue on first, so a paid fee shows as processing or done without waiting for the sweep.
 */
export function reissueRoutes(deps: () => EsimDeps) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);
    const fee = () => app.config.ESIM_REISSUE_FEE;
    const reissueReply = replies(reissueViewSchema);
    /** After a request: as far as it can go now (free ones finish at once when stock allows). */
    const goOn = async (row: ReissueRow, request: FastifyRequest) => {
      if (row.status === 'processing')
        await advanceReissue(deps(), row.id).catch((error: unknown) =>
          request.log.error({ err: error, reissueNo: row.reissueNo }, 'esim reissue did not advance'),
        );
    };
    const viewOf = async (id: number) => {
      const [row] = await app.db.select().from(esimReissues).where(eq(esimReissues.id, id));
      return reissueView(app.db, row!);
    };

    app.get('/api/esim/line', { schema: { response: replies(esimLineViewSchema) } }, async (request) => {
      const { user } = await requireUser(app, request);
      await advanceReissues(deps(), { userId: user.id });
      return ok(request.lang, await esimLineView(app.db, user.id, fee()));
    });

    app.post(
      '/api/esim/reissue',
      { schema: { body: reissueRequestSchema, response: reissueReply } },
      async (request) => {
        const { user } = await requireUser(app, request);
        const line = await customerLine(app.db, user.id);
        if (!line) throw new ApiError('NO_LINE');
        const row = await openReissue(app.db, {
          line,
          reason: request.body.reason,
          feeExTax: fee(),
          requestedBy: `customer:${user.id}`,
        });
        await goOn(row, request);
        return ok(request.lang, await viewOf(row.id));
      },
    );

    app.post(
      '/api/esim/reissue/cancel',
      { schema: { body: reissueCancelSchema, response: reissueReply } },
      async (request) => {
        const { user } = await requireUser(app, request);
        const row = await cancelReissue(app.db, user.id, request.body.reissueNo);
        return ok(request.lang, await reissueView(app.db, row));
      },
    );

    // Staff: checked (session, CSRF, role) before the body is read, so a refusal is audited whatever it carried.
    const staffOf = new WeakMap<FastifyRequest, StaffRequest>();
    app.post(
      '/api/admin/orders/:orderNo/esim-reissue',
      {
        preValidation: async (request: FastifyRequest) => {
          staffOf.set(request, await requireStaff(app, request, 'fulfil'));
        },
        schema: { params: orderNoParamsSchema, body: staffReissueSchema, response: reissueReply },
      },
      async (request) => {
        const staff = staffOf.get(request);
        if (!staff) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
        const { orderNo } = request.params;
        const row = await staffReissue(app.db, orderNo, request.body.reason, `staff:${staff.actor.login}`);
        await auditStaff(app.db, staff.actor, 'esim-reissue', orderNo, {
          reissueNo: row.reissueNo,
          reason: row.reason,
        });
        await goOn(row, request);
        return ok(request.lang, await viewOf(row.id));
      },
    );
  };
}
