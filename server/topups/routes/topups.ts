import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokyoDate } from '../../../contract/calendar.js';
import { AUTO_TOPUP_CAP_MAX, AUTO_TOPUP_CAP_MIN } from '../../../contract/topup-rules.js';
import {
  autoTopupSchema,
  autoTopupViewSchema,
  cardOnFileViewSchema,
  cardSaveSchema,
  topupCreateSchema,
  topupsPageSchema,
  topupViewSchema,
} from '../../../contract/topup-views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';
import { monthUsage, percentOf } from '../../line/index.js';
import { autoTopupView, cardOf, removeCard, saveCard, setAutoTopup } from '../card.js';
import { pushTopupsToCarrier } from '../carrier.js';
import type { TopupDeps } from '../deps.js';
import {
  addonViews,
  cancelTopup,
  createTopup,
  customerLine,
  openTopupOf,
  recentTopups,
  topupsAllowed,
  topupViews,
  type TopupRow,
} from '../topups.js';

/**
 * The customer's top-ups (the top-up page): what is on sale and the quota now, buying one
 * (paid at /pages/user/pay?chargeNo=), withdrawing it unpaid, the card kept at the gateway and
 * the automatic top-up's settings. A read takes paid top-ups to the carrier first, so the speed
 * limit lifts without waiting for the sweep.
 */
export function topupRoutes(deps: () => TopupDeps) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);
    const lineOf = async (request: FastifyRequest) => {
      const { user } = await requireUser(app, request);
      const line = await customerLine(app.db, user.id);
      if (!line) throw new ApiError('NO_LINE');
      return { user, line };
    };
    const one = async (row: TopupRow) => (await topupViews(app.db, [row]))[0]!;

    app.get('/api/line/topups', { schema: { response: replies(topupsPageSchema) } }, async (request) => {
      const { user, line } = await lineOf(request);
      await pushTopupsToCarrier({ ...deps(), log: request.log }, { lineId: line.id });
      const now = new Date();
      const today = tokyoDate(now);
      const [usage] = await monthUsage(app.db, [line.id], today);
      const open = await openTopupOf(app.db, line.id);
      const used = usage?.usedMb ?? 0;
      const quota = usage?.quotaMb ?? 0;
      return ok(request.lang, {
        available: await topupsAllowed(app.db, line),
        lineStatus: line.status,
        addons: addonViews(today),
        usage: {
          usedMb: used,
          quotaMb: quota,
          addonMb: usage?.addonMb ?? 0,
          percent: percentOf(used, quota),
          throttled: used >= quota,
        },
        open: open ? await one(open) : null,
        recent: await topupViews(app.db, await recentTopups(app.db, line.id)),
        auto: await autoTopupView(app.db, line.id, now),
        card: await cardOf(app.db, user.id),
        capMin: AUTO_TOPUP_CAP_MIN,
        capMax: AUTO_TOPUP_CAP_MAX,
      });
    });

    app.post(
      '/api/line/topups',
      { schema: { body: topupCreateSchema, response: replies(topupViewSchema) } },
      async (request) => {
        const { user } = await requireUser(app, request);
        const row = await createTopup(app.db, { userId: user.id, addonId: request.body.addonId, source: 'customer' });
        return ok(request.lang, await one(row));
      },
    );

    app.post('/api/line/topups/cancel', { schema: { response: replies(topupViewSchema) } }, async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, await one(await cancelTopup(app.db, user.id)));
    });

    app.post(
      '/api/line/card',
      { schema: { body: cardSaveSchema, response: replies(cardOnFileViewSchema) } },
      async (request) => {
        // A card is kept for a line's automatic top-up: no line, no member at the gateway (NO_LINE).
        const { user } = await lineOf(request);
        return ok(request.lang, await saveCard(deps(), user.id, request.body.token));
      },
    );

    app.post('/api/line/card/remove', { schema: { response: replies(autoTopupViewSchema) } }, async (request) => {
      const { user, line } = await lineOf(request);
      await removeCard(deps(), user.id, line.id);
      return ok(request.lang, await autoTopupView(app.db, line.id));
    });

    app.post(
      '/api/line/auto-topup',
      { schema: { body: autoTopupSchema, response: replies(autoTopupViewSchema) } },
      async (request) => {
        const { user, line } = await lineOf(request);
        await setAutoTopup(app.db, user.id, line.id, request.body);
        return ok(request.lang, await autoTopupView(app.db, line.id));
      },
    );
  };
}
