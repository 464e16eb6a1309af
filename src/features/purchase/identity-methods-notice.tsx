import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseStore } from './purchase-store';

/**
 * Step 2 where no photos are asked for (contract/identity-rules.ts photosRequired): how the
 * customer will be verified once the order is placed, instead of the document uploads.
 */
export const IdentityMethodsNotice = observer(function IdentityMethodsNotice({
  purchase,
  gate,
}: {
  purchase: PurchaseStore;
  /** Shown to a customer not signed in: the order and its check need an account. */
  gate?: ReactNode;
}) {
  const { t } = useTranslation();
  const methods = purchase.identityMethods.filter((method) => method !== 'photos');
  return (
    <section className="form-section" aria-labelledby="sec-identity-check" data-testid="identity-methods">
      <h2 id="sec-identity-check">{t('identity.formTitle')}</h2>
      <p className="field-hint">{t(purchase.lineType === 'voice' ? 'identity.formIntro' : 'identity.formIntroData')}</p>
      <ul className="identity-methods">
        {methods.map((method) => (
          <li key={method} data-method={method}>
            <strong>{t(`identity.method.${method}.title`)}</strong>
            <p>{t(`identity.method.${method}.how`)}</p>
          </li>
        ))}
      </ul>
      <p className="field-hint">{t('identity.formNameNote')}</p>
      {gate}
    </section>
  );
});
