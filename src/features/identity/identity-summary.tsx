import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { langTag, type Lang } from '../../../contract/api';
import type { IdentityStore } from './identity-store';
import { documentName, methodName } from './identity-words';
import './identity.css';

export const verifyPath = (orderNo: string) => `/pages/process/verify?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * An order's identity check on its own page: which method verified the customer and when, or,
 * while one is still needed, the way to the verify step. Nothing while the state is unknown.
 */
export const IdentitySummary = observer(function IdentitySummary({
  identity,
  lang,
}: {
  identity: IdentityStore;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const state = identity.state;
  if (!state || identity.orderNo !== state.orderNo || !state.methods.some((m) => m !== 'photos')) return null;
  const latest = state.latest;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(langTag(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(
      new Date(iso),
    );
  if (state.satisfied && latest?.status === 'verified') {
    const document = documentName(t, latest.documentType);
    const time = when(latest.completedAt ?? latest.createdAt);
    const method = methodName(t, latest.method);
    return (
      <section className="order-card identity-summary" aria-labelledby="identity-title" data-testid="identity-summary">
        <h2 id="identity-title">{t('identity.order.title')}</h2>
        <p>
          {document
            ? t('identity.order.verifiedBy', { method, document, time })
            : t('identity.order.verifiedByNoDoc', { method, time })}
        </p>
      </section>
    );
  }
  if (state.satisfied || identity.mustVerifyBeforePaying) return null;
  // Checked at the counter when collected: payment comes first, an online check is still possible.
  if (identity.counterAllowed) {
    return (
      <section className="order-card identity-summary" aria-labelledby="identity-title" data-testid="identity-summary">
        <h2 id="identity-title">{t('identity.order.title')}</h2>
        <p>{t('identity.order.neededPickup')}</p>
        <Link className="button button-outline button-block" to={verifyPath(state.orderNo)}>
          {t('identity.order.goOnline')}
        </Link>
      </section>
    );
  }
  return null;
});

/** The pay step's card while an online check must pass first: words and the way there, no pay buttons. */
export const VerifyFirstCard = observer(function VerifyFirstCard({ identity }: { identity: IdentityStore }) {
  const { t } = useTranslation();
  return (
    <section className="pay-box verify-first" aria-labelledby="verify-first-title" data-testid="verify-first">
      <h2 id="verify-first-title">{t('identity.payFirst')}</h2>
      <p>{t('identity.payFirstHint')}</p>
      <Link className="button button-primary button-block" to={verifyPath(identity.orderNo)}>
        {t('identity.order.go')}
      </Link>
    </section>
  );
});
