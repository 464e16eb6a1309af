import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AddonView } from '../../api/topup';
import { formatYen } from '../../lib/format';
import type { TopupStore } from './topup-store';
import { sizeText, validityText } from './topup-words';
import '../../components/confirm-dialog.css';

const payPath = (chargeNo: string) => `/pages/user/pay?chargeNo=${encodeURIComponent(chargeNo)}`;

/**
 * The add-ons on sale: size, price with tax and how long it lasts, in words. Buying asks first
 * (a modal naming the add-on, its price and last day), then opens the top-up and goes to pay.
 */
export const AddonList = observer(function AddonList({ store, addons }: { store: TopupStore; addons: AddonView[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<AddonView | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (asking && d && !d.open) d.showModal();
    if (!asking && d?.open) d.close();
  }, [asking]);

  const buy = async (addon: AddonView) => {
    setAsking(null);
    const result = await store.buy(addon.id);
    if (result.ok && result.value.status === 'awaiting_payment') navigate(payPath(result.value.chargeNo));
  };

  return (
    <section className="card" aria-labelledby="addons-title">
      <h2 id="addons-title">{t('topup.addonsTitle')}</h2>
      <p className="field-hint">{t('topup.speedRestored')}</p>
      <ul className="topup-addons">
        {addons.map((addon) => (
          <li key={addon.id} className="topup-addon">
            <div>
              <p className="topup-addon-size">{sizeText(addon.megabytes)}</p>
              <p>{validityText(t, addon)}</p>
              <p className="topup-addon-price">
                {t('price.yen', { amount: formatYen(addon.price) })} {t('topup.taxIncluded')}
              </p>
            </div>
            <button
              type="button"
              className="button button-primary"
              disabled={store.busy}
              onClick={() => setAsking(addon)}
              aria-label={t('topup.buyNamed', { size: sizeText(addon.megabytes) })}
            >
              {t('topup.buy')}
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="topup-confirm-title"
        aria-describedby="topup-confirm-body"
        onClose={() => setAsking(null)}
      >
        {asking && (
          <>
            <h2 id="topup-confirm-title">{t('topup.confirmTitle', { size: sizeText(asking.megabytes) })}</h2>
            <p id="topup-confirm-body">
              {t('topup.confirmBody', {
                size: sizeText(asking.megabytes),
                price: t('price.yen', { amount: formatYen(asking.price) }),
                until: asking.validUntil,
              })}
            </p>
            <div className="confirm-actions">
              <button type="button" className="button button-outline" onClick={() => setAsking(null)}>
                {t('topup.confirmNo')}
              </button>
              <button type="button" className="button button-primary" onClick={() => void buy(asking)}>
                {t('topup.confirmYes')}
              </button>
            </div>
          </>
        )}
      </dialog>
    </section>
  );
});
