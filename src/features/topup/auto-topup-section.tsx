import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { CardInput } from '../../../contract/card-rules';
import type { TopupsPage } from '../../api/topup';
import { FormAlert } from '../../components/form-alert';
import { SelectField } from '../../components/select-field';
import type { TopupStore } from './topup-store';
import { sizeText } from './topup-words';
import '../../components/confirm-dialog.css';

/**
 * Automatic top-up: the card the gateway keeps (shown masked, removed after a question), and
 * the switch with the add-on and monthly cap. Off by default; when the server turned it off
 * (a declined card, the card removed, staff) the reason is said here.
 */
export const AutoTopupSection = observer(function AutoTopupSection({
  store,
  data,
  cardFields,
}: {
  store: TopupStore;
  data: TopupsPage;
  cardFields: CardFieldsSlot;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(data.auto.enabled);
  const [addonId, setAddonId] = useState(data.auto.addonId);
  const [cap, setCap] = useState(String(data.auto.monthlyCap));
  const [saved, setSaved] = useState('');
  useEffect(() => {
    setEnabled(data.auto.enabled);
    setAddonId(data.auto.addonId);
    setCap(String(data.auto.monthlyCap));
  }, [data.auto.enabled, data.auto.addonId, data.auto.monthlyCap]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved('');
    const ok = await store.saveAuto({ enabled, addonId, monthlyCap: Number(cap) });
    if (ok) setSaved(t(enabled ? 'topup.auto.savedOn' : 'topup.auto.savedOff'));
  };
  const caps = Array.from({ length: data.capMax - data.capMin + 1 }, (_, i) => String(data.capMin + i));
  const reason = data.auto.disabledReason;
  return (
    <section className="card" aria-labelledby="auto-title">
      <h2 id="auto-title">{t('topup.auto.title')}</h2>
      <p>{t('topup.auto.intro')}</p>
      {reason && !data.auto.enabled && (
        <p className="form-alert form-alert-error" role="alert">
          {t(`topup.auto.off.${reason}`)}
        </p>
      )}
      <CardOnFile store={store} data={data} cardFields={cardFields} />
      <form className="form" onSubmit={(e) => void save(e)} noValidate>
        <label className="topup-switch">
          <input
            type="checkbox"
            checked={enabled}
            disabled={!data.card && !enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <span>{t('topup.auto.enable')}</span>
        </label>
        {!data.card && <p className="field-hint">{t('topup.auto.needsCard')}</p>}
        <SelectField
          label={t('topup.auto.addon')}
          value={addonId}
          onValueChange={setAddonId}
          options={data.addons.map((a) => ({ value: a.id, label: sizeText(a.megabytes) }))}
        />
        <SelectField
          label={t('topup.auto.cap')}
          value={cap}
          onValueChange={setCap}
          options={caps.map((c) => ({ value: c, label: t('topup.auto.capValue', { count: Number(c) }) }))}
        />
        <p className="field-hint">
          {t('topup.auto.usedThisMonth', { count: data.auto.usedThisMonth, cap: data.auto.monthlyCap })}
        </p>
        <button type="submit" className="button button-primary button-block" disabled={store.busy}>
          {store.busy ? t('account.submitting') : t('topup.auto.save')}
        </button>
        <FormAlert text={saved} kind="success" />
      </form>
    </section>
  );
});

/** The payment feature's card fields, drawn by the page (a feature never imports another). */
export type CardFieldsSlot = (props: {
  card: CardInput;
  errors: Partial<Record<keyof CardInput, string>>;
  onChange: (field: keyof CardInput, value: string) => void;
}) => ReactNode;

const emptyCard = (): CardInput => ({ number: '', expiry: '', securityCode: '', holder: '', installments: '1' });

const CardOnFile = observer(function CardOnFile({
  store,
  data,
  cardFields,
}: {
  store: TopupStore;
  data: TopupsPage;
  cardFields: CardFieldsSlot;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (asking && d && !d.open) d.showModal();
    if (!asking && d?.open) d.close();
  }, [asking]);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await store.addCard(card)) {
      setCard(emptyCard());
      setAdding(false);
    }
  };
  const failure = store.cardFailure;
  if (data.card)
    return (
      <div className="topup-card-on-file">
        <p>{t('topup.card.saved', { number: data.card.maskedNumber, expiry: formatExpiry(data.card.expiry) })}</p>
        <button type="button" className="button button-outline" disabled={store.busy} onClick={() => setAsking(true)}>
          {t('topup.card.remove')}
        </button>
        <dialog
          ref={dialog}
          className="confirm-dialog"
          aria-labelledby="card-remove-title"
          aria-describedby="card-remove-body"
          onClose={() => setAsking(false)}
        >
          <h2 id="card-remove-title">{t('topup.card.removeTitle')}</h2>
          <p id="card-remove-body">{t('topup.card.removeBody', { number: data.card.maskedNumber })}</p>
          <div className="confirm-actions">
            <button type="button" className="button button-outline" onClick={() => setAsking(false)}>
              {t('topup.card.keep')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setAsking(false);
                void store.removeCard();
              }}
            >
              {t('topup.card.removeYes')}
            </button>
          </div>
        </dialog>
      </div>
    );
  if (!adding)
    return (
      <button type="button" className="button button-outline button-block" onClick={() => setAdding(true)}>
        {t('topup.card.add')}
      </button>
    );
  return (
    <form className="form form-section" onSubmit={(e) => void add(e)} noValidate autoComplete="on">
      {cardFields({
        card,
        errors: store.cardProblems,
        onChange: (field, value) => setCard((c) => ({ ...c, [field]: value })),
      })}
      <p className="field-hint">{t('topup.card.kept')}</p>
      {failure && (
        <p className="form-alert form-alert-error" role="alert">
          {failure.msg || t(failure.key)}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={store.cardBusy}>
        {store.cardBusy ? t('account.submitting') : t('topup.card.submit')}
      </button>
      <button type="button" className="button button-outline button-block" onClick={() => setAdding(false)}>
        {t('topup.card.cancel')}
      </button>
    </form>
  );
});

/** The gateway's YYMM as MM/YY, as printed on the card. */
const formatExpiry = (yymm: string) => (/^\d{4}$/.test(yymm) ? `${yymm.slice(2)}/${yymm.slice(0, 2)}` : yymm);
