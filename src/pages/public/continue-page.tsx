import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';

/** Opened from a continuation link: signs the customer in and goes on to the same payment or identity check. */
export default observer(function ContinuePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useStores();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState('');
  const token = params.get('t') ?? '';
  // A link works once: React's development double effect must not spend it twice.
  const spent = useRef(false);

  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    if (!token) {
      setFailure(t('api.errors.HANDOFF_INVALID'));
      return;
    }
    void account.continueWith(token).then((result) => {
      if (!result.ok) {
        setFailure(result.msg || t(`api.errors.${result.error}`));
        return;
      }
      // Replaced, not pushed: the used token leaves the address and the history. A link made
      // by the verify step goes on with the order's identity check, one made by the eSIM install
      // with the order's page (the one-tap install works only here), any other with its payment.
      const { orderNo, next: step } = result.value;
      const next = !orderNo
        ? '/pages/user/pay'
        : step === 'verify'
          ? `/pages/process/verify?orderNo=${encodeURIComponent(orderNo)}`
          : step === 'esim'
            ? `/pages/order/detail?orderNo=${encodeURIComponent(orderNo)}`
            : `/pages/process/pay?orderNo=${orderNo}`;
      navigate(next, { replace: true });
    });
  }, [account, navigate, token, t]);

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page status-view" aria-busy={!failure}>
        {failure ? (
          <>
            <p role="alert">{failure}</p>
            <Link className="button button-primary" to="/pages/public/login">
              {t('routes.login')}
            </Link>
          </>
        ) : (
          <p role="status">{t('handoff.signingIn')}</p>
        )}
      </main>
    </>
  );
});
