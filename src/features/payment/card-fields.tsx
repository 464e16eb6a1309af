import { useTranslation } from 'react-i18next';
import type { CardInput } from '../../../contract/card-rules';
import { TextField } from '../../components/text-field';

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/**
 * The card's fields (number, expiry, security code, holder) with their labels, hints and the
 * gateway's error words; what is typed goes only to tokenizeCard, never to /api. The card page
 * and the automatic top-up's card registration both draw these.
 */
export function CardFields({
  card,
  errors,
  onChange,
}: {
  card: CardInput;
  errors: CardErrors;
  onChange: (field: keyof CardInput, value: string) => void;
}) {
  const { t } = useTranslation();
  const errorOf = (field: keyof CardInput) => (errors[field] ? t(`card.errors.${errors[field]}`) : undefined);
  return (
    <>
      <TextField
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        value={card.number}
        onValueChange={(v) => onChange('number', v)}
        error={errorOf('number')}
        hint={t('card.numberHint')}
        required
      />
      <div className="field-row">
        <TextField
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={card.expiry}
          onValueChange={(v) => onChange('expiry', v)}
          error={errorOf('expiry')}
          hint={t('card.expiryHint')}
          required
        />
        <TextField
          label={t('card.securityCode')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.securityCode}
          onValueChange={(v) => onChange('securityCode', v)}
          error={errorOf('securityCode')}
          required
        />
      </div>
      <TextField
        label={t('card.holder')}
        autoComplete="cc-name"
        maxLength={60}
        value={card.holder}
        onValueChange={(v) => onChange('holder', v.toUpperCase())}
        error={errorOf('holder')}
        hint={t('card.holderHint')}
      />
    </>
  );
}

/** An empty card, paid in one go (no plan offers instalments). */
export const emptyCard = (): CardInput => ({ number: '', expiry: '', securityCode: '', holder: '', installments: '1' });
