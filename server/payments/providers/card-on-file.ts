// A card kept at the gateway (GMO-PG member and card registration) for charges the customer
// is not there to make (automatic top-up). The card number never reaches this server: the
// gateway's token is turned into a registered card, and only its member ID, sequence number
// and what the gateway shows of it (masked number, expiry) come back.

export interface SavedCard {
  memberId: string;
  cardSeq: string;
  /** As the gateway shows it, e.g. 411111******1111. */
  maskedNumber: string;
  /** YYMM. */
  expiry: string;
}

export type CardChargeResult = { status: 'paid'; tradeNo: string } | { status: 'declined'; code: string };

/** The gateway refused the card or the request: its error code (never the card). */
export class CardOnFileError extends Error {
  override name = 'CardOnFileError';
  constructor(readonly code: string) {
    super(`card on file refused (${code})`);
  }
}

export interface CardOnFile {
  readonly name: string;
  /** Registers the token's card under the customer's member (created when new); replaces an earlier card. */
  saveCard(userId: number, token: string): Promise<SavedCard>;
  deleteCard(memberId: string, cardSeq: string): Promise<void>;
  /**
   * Charges the registered card once per orderId: asked again with the same orderId (a retry
   * after a timeout, two servers), it answers how that charge ended instead of charging twice.
   * Throws when the gateway cannot be reached (the caller asks again later).
   */
  chargeCard(memberId: string, cardSeq: string, orderId: string, amount: number): Promise<CardChargeResult>;
  /**
   * How the charge of an orderId ended at the gateway without charging anything (GMO-PG's
   * SearchTrade): paid, declined, or null when the gateway never saw it. Throws when it cannot
   * be reached. For a charge whose card is gone: the money may have been taken before.
   */
  findCharge(orderId: string): Promise<CardChargeResult | null>;
}

/**
 * The gateway's member ID for a customer: stable, so a repeat SaveMember finds the same member, and
 * free of the brand (a renamed brand must still find the cards it kept).
 */
export const memberIdOf = (userId: number): string => `member-${userId}`;
