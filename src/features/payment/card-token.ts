import type { PaymentConfig } from '../../../contract/api';
import type { CardInput } from '../../../contract/card-rules';

export type Tokenized =
  | { problems: Partial<Record<keyof CardInput, string>> }
  | { failed: { reasonKey: string; cardCode?: string } }
  | { token: string | undefined };

/**
 * A card checked here and tokenized by the gateway's script: only the token ever reaches /api.
 * `working` is called once the form is fine and the gateway is asked.
 */
export async function tokenizeCard(
  input: CardInput,
  config: PaymentConfig | null,
  working: () => void,
): Promise<Tokenized> {
  // Only the card page needs these: they stay out of the first render of every page.
  const code = await Promise.all([import('../../../contract/card-rules'), import('../../../bridges/card')]).catch(
    () => null,
  );
  if (!code) return { failed: { reasonKey: 'api.errors.NETWORK' } };
  const [{ CARD_OK, checkCard, normalizeCard, toGatewayExpiry }, { getCardToken }] = code;
  const problems = checkCard(input);
  // What reaches the gateway is the spec's form (MMYY, digits only), never what was typed.
  const card = normalizeCard(input);
  if (Object.keys(problems).length > 0) return { problems };
  if (!config) return { failed: { reasonKey: 'api.errors.NETWORK' } };
  working();
  try {
    const result = await getCardToken(config.tokenScriptUrl, config.shopId, {
      cardno: card.number,
      expire: toGatewayExpiry(card.expiry),
      securitycode: card.securityCode,
      holdername: card.holder,
      tokennumber: '1',
    });
    if (result.resultCode !== CARD_OK)
      return { failed: { reasonKey: `card.errors.${result.resultCode}`, cardCode: result.resultCode } };
    return { token: result.tokenObject?.token?.[0] };
  } catch {
    return { failed: { reasonKey: 'card.errors.902', cardCode: '902' } };
  }
}
