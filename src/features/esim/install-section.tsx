import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EsimActivation } from '../../../contract/esim-views';
import { HandoffBox } from '../../components/handoff-box';
import { LoadFailed } from '../../components/load-failed';
import { QrImage } from '../../components/qr-image';
import { CopyField } from '../../components/copy-field';
import type { EsimStore } from './esim-store';
import { InstallSteps } from './install-steps';
import './esim.css';

/** How often the page asks while it waits on the carrier or on stock. */
const FOLLOW_EVERY_MS = 20_000;

/** The install on the order's page (issue 30): preparing, ready to install, installed. */
/** The eSIM page's look and words for a value to copy into the phone's settings. */
const ESIM_COPY = {
  words: 'esim.install',
  className: 'esim-copy',
  codeClassName: 'esim-code',
  buttonClassName: 'button button-outline',
} as const;

export const InstallSection = observer(function InstallSection({ esim }: { esim: EsimStore }) {
  const { t } = useTranslation();
  const { view } = esim;
  useEffect(() => {
    void esim.load();
    // Back from the phone's settings after installing: what the carrier saw meanwhile.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void esim.load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [esim]);

  const following = esim.following;
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(() => void esim.load(), FOLLOW_EVERY_MS);
    return () => clearInterval(timer);
  }, [esim, following]);

  const data = view.data;
  if (!data) {
    return view.status === 'error' ? (
      <LoadFailed text={view.message} reference={view.reference} onRetry={() => void esim.load()} />
    ) : (
      <p className="inline-status" role="status">
        {t('esim.install.loading')}
      </p>
    );
  }
  if (data.state === 'none')
    return (
      <p className="inline-status" data-testid="esim-state">
        {t('esim.install.none')}
      </p>
    );
  return (
    <section className="card esim-install" aria-labelledby="esim-title" data-testid="esim-install">
      <h2 id="esim-title">{t('esim.install.title')}</h2>
      {data.state === 'preparing' && (
        <p role="status" data-testid="esim-state">
          {t(data.waitingStock ? 'esim.install.waitingStock' : 'esim.install.preparing')}
        </p>
      )}
      {data.state === 'installed' && (
        <>
          <p role="status" data-testid="esim-state">
            {t('esim.install.installed')}
          </p>
          <p>{t('esim.install.afterInstall')}</p>
        </>
      )}
      {data.state === 'ready' && data.activation && <Ready esim={esim} activation={data.activation} />}
      {data.iccidLast4 && <p className="field-hint">{t('esim.install.iccid', { last4: data.iccidLast4 })}</p>}
    </section>
  );
});

const Ready = observer(function Ready({ esim, activation }: { esim: EsimStore; activation: EsimActivation }) {
  const { t } = useTranslation();
  const data = esim.view.data;
  const way = esim.way;
  const markError = esim.markError;
  return (
    <>
      {data?.reissued && <p>{t('esim.install.reissued')}</p>}
      <p className="notice esim-warning" role="note">
        {t('esim.install.doNotDelete')}
      </p>
      {way?.kind === 'link' && (
        <>
          <a className="button button-primary button-block esim-one-tap" href={way.href} data-testid="esim-link">
            {t('esim.install.oneTap')}
          </a>
          <p className="field-hint">{t(`esim.install.oneTapHint.${way.os}`)}</p>
        </>
      )}
      {way?.kind === 'handoff' && (
        <HandoffBox
          testId="esim-handoff"
          link={esim.handoffLink}
          busy={esim.handoffBusy}
          error={esim.handoffError ? esim.handoffError.msg || t('handoff.failed') : ''}
          onRetry={() => void esim.makeHandoff()}
          words={{
            title: t('esim.handoff.title'),
            intro: t('esim.handoff.intro'),
            hint: t('esim.handoff.hint'),
            copy: t('handoff.copy'),
            copied: t('handoff.copied'),
            copyByHand: t('handoff.copyByHand'),
            qrAlt: t('esim.handoff.qr'),
          }}
        />
      )}
      {way?.kind === 'handoff' && !esim.handoffLink && !esim.handoffBusy && !esim.handoffError && (
        <MakeHandoff esim={esim} />
      )}
      {way?.kind === 'qr' ? (
        <div className="esim-qr" data-testid="esim-qr">
          <p>{t('esim.install.qrIntro')}</p>
          <QrImage value={activation.lpa} alt={t('esim.install.qrAlt')} size={220} />
          <p className="field-hint">{t('esim.install.ownScreen')}</p>
        </div>
      ) : (
        <details className="esim-other-screen">
          <summary>{t('esim.install.otherScreen')}</summary>
          <QrImage value={activation.lpa} alt={t('esim.install.qrAlt')} size={220} />
        </details>
      )}
      <h3>{t('esim.install.manualTitle')}</h3>
      <dl className="esim-codes">
        <CopyField label={t('esim.install.smdp')} value={activation.smdpAddress} testId="esim-smdp" {...ESIM_COPY} />
        <CopyField
          label={t('esim.install.matchingId')}
          value={activation.matchingId}
          testId="esim-matching"
          {...ESIM_COPY}
        />
        {activation.confirmationCode && (
          <CopyField label={t('esim.install.confirmationCode')} value={activation.confirmationCode} {...ESIM_COPY} />
        )}
      </dl>
      <InstallSteps os={esim.support.os} />
      <p className="notice esim-warning" role="note">
        {t('esim.install.doNotDeleteAfter')}
      </p>
      {data?.markedInstalledAt ? (
        <p role="status" data-testid="esim-state">
          {t('esim.install.marked')}
        </p>
      ) : (
        <button
          type="button"
          className="button button-outline button-block"
          disabled={esim.marking}
          onClick={() => void esim.markInstalled()}
        >
          {esim.marking ? t('account.submitting') : t('esim.install.markInstalled')}
        </button>
      )}
      {markError && (
        <p className="field-error" role="alert">
          {markError.msg || t(`api.errors.${markError.key}`)}
        </p>
      )}
    </>
  );
});

/** The link is made once the section shows inside an in-app web view. */
function MakeHandoff({ esim }: { esim: EsimStore }) {
  useEffect(() => {
    void esim.makeHandoff();
  }, [esim]);
  return null;
}
