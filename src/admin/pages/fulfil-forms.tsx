import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CARRIERS, type Carrier } from '../../../contract/admin-api';
import { FormError } from '../components/errors';
import { SelectField, TextField } from '../components/fields';
import { useAdmin } from '../stores/store-context';

/**
 * Why an action waits (the identity check, issue 29): shown above its button, which is
 * disabled and described by it. The server refuses the action the same way.
 */
export function Blocked({ id, reason }: { id: string; reason: string | null }) {
  return reason ? (
    <p id={id} className="identity-blocked">
      {reason}
    </p>
  ) : null;
}

/** Sent by post: the carrier and its tracking number. */
export const ShipForm = observer(function ShipForm({ blocked = null }: { blocked?: string | null }) {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const blockedId = useId();
  const [carrier, setCarrier] = useState<Carrier>('japanpost');
  const [trackingNo, setTrackingNo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trackingNo.trim()) {
      orders.ship.refuse('REQUIRED', t('api.errors.REQUIRED'), { trackingNo: 'REQUIRED' });
      return;
    }
    void orders.ship.run({ carrier, trackingNo: trackingNo.trim() });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="ship-heading">
      <h2 id="ship-heading">{t('admin.fulfil.shipTitle')}</h2>
      <FormError error={orders.ship.error} fields={['carrier', 'trackingNo']} />
      <SelectField
        label={t('admin.fulfil.carrier')}
        name="carrier"
        value={carrier}
        onChange={(value) => setCarrier(value as Carrier)}
        options={CARRIERS.map((value) => ({ value, label: t(`admin.carriers.${value}`) }))}
        error={orders.ship.error}
      />
      <TextField
        label={t('admin.fulfil.trackingNo')}
        name="trackingNo"
        value={trackingNo}
        onChange={setTrackingNo}
        error={orders.ship.error}
        required
      />
      <Blocked id={blockedId} reason={blocked} />
      <button
        type="submit"
        className="button button-primary"
        disabled={orders.ship.running || Boolean(blocked)}
        aria-describedby={blocked ? blockedId : undefined}
      >
        {t('admin.fulfil.ship')}
      </button>
    </form>
  );
});

/** Collected at a store: the customer is told it is ready. */
export const PickupForm = observer(function PickupForm({
  store,
  blocked = null,
}: {
  store: string;
  blocked?: string | null;
}) {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const blockedId = useId();
  return (
    <form
      className="panel"
      aria-labelledby="pickup-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void orders.pickup.run();
      }}
    >
      <h2 id="pickup-heading">{t('admin.fulfil.pickupTitle')}</h2>
      {store ? <p>{t('admin.fulfil.pickupAt', { store })}</p> : null}
      <FormError error={orders.pickup.error} />
      <Blocked id={blockedId} reason={blocked} />
      <button
        type="submit"
        className="button button-primary"
        disabled={orders.pickup.running || Boolean(blocked)}
        aria-describedby={blocked ? blockedId : undefined}
      >
        {t('admin.fulfil.pickup')}
      </button>
    </form>
  );
});

/**
 * The line goes live: its number and the SIM's ICCID (checked by the server, Luhn digit included).
 * An eSIM order's form starts from its profile's ICCID and reserved number (`initial`, said so in
 * `note`): staff check them rather than copy them from the stock page.
 */
export const ActivateForm = observer(function ActivateForm({
  blocked = null,
  initial,
  note,
}: {
  blocked?: string | null;
  initial?: { msisdn: string; iccid: string };
  note?: string;
}) {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const blockedId = useId();
  const [msisdn, setMsisdn] = useState(initial?.msisdn ?? '');
  const [iccid, setIccid] = useState(initial?.iccid ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(msisdn.trim() ? {} : { msisdn: 'REQUIRED' }),
      ...(iccid.trim() ? {} : { iccid: 'REQUIRED' }),
    };
    if (Object.keys(missing).length > 0) {
      orders.activate.refuse('REQUIRED', t('api.errors.REQUIRED'), missing);
      return;
    }
    void orders.activate.run({ msisdn: msisdn.trim(), iccid: iccid.replace(/\s/g, '') });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="activate-heading">
      <h2 id="activate-heading">{t('admin.fulfil.activateTitle')}</h2>
      {note ? <p className="muted">{note}</p> : null}
      <FormError error={orders.activate.error} fields={['msisdn', 'iccid']} />
      <TextField
        label={t('admin.fulfil.msisdn')}
        name="msisdn"
        value={msisdn}
        onChange={setMsisdn}
        hint={t('admin.fulfil.msisdnHint')}
        error={orders.activate.error}
        inputMode="tel"
        required
      />
      <TextField
        label={t('admin.fulfil.iccid')}
        name="iccid"
        value={iccid}
        onChange={setIccid}
        hint={t('admin.fulfil.iccidHint')}
        error={orders.activate.error}
        inputMode="numeric"
        required
      />
      <Blocked id={blockedId} reason={blocked} />
      <button
        type="submit"
        className="button button-primary"
        disabled={orders.activate.running || Boolean(blocked)}
        aria-describedby={blocked ? blockedId : undefined}
      >
        {t('admin.fulfil.activate')}
      </button>
    </form>
  );
});
