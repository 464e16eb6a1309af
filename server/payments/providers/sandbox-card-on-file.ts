import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CARD_TOKEN_INVALID } from '../../../contract/card-rules.js';
import type { Database } from '../../db/client.js';
import { sandboxCardMembers, sandboxCardTokens } from '../../db/schema.js';
import { CardOnFileError, memberIdOf, type CardOnFile } from './card-on-file.js';
import { openSandboxTrade, tradeOf } from './sandbox-trades.js';

/**
 * The gateway's member and card registration as this server plays it: a token from the sandbox
 * token service (once, within 30 minutes, as sandbox-card.ts takes it) becomes the member's card;
 * a charge of it is a sandbox card trade (so it is voided, refunded and looked up as any card
 * payment), declined when the card's number says so (4000000000000002).
 */
export function sandboxCardOnFile(db: Database): CardOnFile {
  return {
    name: 'sandbox',
    async saveCard(userId, token) {
      const memberId = memberIdOf(userId);
      return db.transaction(async (tx) => {
        const [card] = await tx
          .update(sandboxCardTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(sandboxCardTokens.token, token),
              isNull(sandboxCardTokens.usedAt),
              gt(sandboxCardTokens.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!card) throw new CardOnFileError(CARD_TOKEN_INVALID);
        // One card per member (SeqMode 0 with DefaultFlag): the new one replaces the old.
        await tx
          .update(sandboxCardMembers)
          .set({ deletedAt: new Date() })
          .where(and(eq(sandboxCardMembers.memberId, memberId), isNull(sandboxCardMembers.deletedAt)));
        const cardSeq = String(randomBytes(3).readUIntBE(0, 3));
        await tx.insert(sandboxCardMembers).values({
          memberId,
          cardSeq,
          maskedCardNo: card.maskedCardNo,
          cardExpiry: card.cardExpiry,
          behavior: card.behavior,
        });
        return { memberId, cardSeq, maskedNumber: card.maskedCardNo, expiry: card.cardExpiry };
      });
    },
    async deleteCard(memberId, cardSeq) {
      await db
        .update(sandboxCardMembers)
        .set({ deletedAt: new Date() })
        .where(and(eq(sandboxCardMembers.memberId, memberId), eq(sandboxCardMembers.cardSeq, cardSeq)));
    },
    async chargeCard(memberId, cardSeq, orderId, amount) {
      const [card] = await db
        .select()
        .from(sandboxCardMembers)
        .where(
          and(
            eq(sandboxCardMembers.memberId, memberId),
            eq(sandboxCardMembers.cardSeq, cardSeq),
            isNull(sandboxCardMembers.deletedAt),
          ),
        )
        .limit(1);
      const declined = !card || card.behavior === 'decline';
      const trade = await openSandboxTrade(db, {
        tradeNo: `gmo-${randomBytes(8).toString('hex')}`,
        provider: 'card',
        paymentNo: orderId,
        amount,
        status: declined ? 'failed' : 'paid',
        returnUrl: '',
      });
      // The same OrderID again: the first charge's outcome, never a second charge.
      const outcome = trade ?? (await tradeOf(db, 'card', orderId));
      if (outcome?.status === 'paid' || outcome?.status === 'refunded')
        return { status: 'paid', tradeNo: outcome.tradeNo };
      // E01240002: no such card; 42G020000: the issuer declined (as GMO-PG's ErrInfo says it).
      return { status: 'declined', code: card ? '42G020000' : 'E01240002' };
    },
    async findCharge(orderId) {
      const trade = await tradeOf(db, 'card', orderId);
      if (!trade) return null;
      if (trade.status === 'paid' || trade.status === 'refunded') return { status: 'paid', tradeNo: trade.tradeNo };
      return { status: 'declined', code: '42G020000' };
    },
  };
}
