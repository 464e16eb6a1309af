import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchPage, type PageContent } from '../../api/purchase';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { RichText } from '../../components/rich-text';
import { Steps } from '../../components/steps';
import { SignatureBox } from '../../features/purchase/signature-box';
import './process.css';

export default observer(function CheckPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { purchase, http, session } = useStores();
  const [terms, setTerms] = useState<PageContent | null>(null);
  const [termsFailed, setTermsFailed] = useState(false);
  const [alert, setAlert] = useState('');
  const [signError, setSignError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchPage(http, 'terms')
      .then((res) => live && (res.code === 1 ? setTerms(res.data) : setTermsFailed(true)))
      .catch(() => live && setTermsFailed(true));
    return () => {
      live = false;
    };
  }, [http, i18n.language]);

  const onSign = useCallback(
    (image: string) => {
      purchase.setImage(image);
      if (image) setSignError('');
    },
    [purchase],
  );

  const placeOrder = async () => {
    setAlert('');
    if (!purchase.image) {
      setSignError(t('api.errors.SIGN_FIRST'));
      return;
    }
    if (!session.isLogin) {
      setAlert(t('api.errors.LOGIN_FIRST'));
      return;
    }
    setBusy(true);
    const result = await purchase.placeOrder();
    setBusy(false);
    if (result.ok) {
      navigate('/pages/process/pay', { replace: true });
      return;
    }
    if (result.error === 'SIGN_FIRST') setSignError(t('api.errors.SIGN_FIRST'));
    const fieldsOfStep2 = Object.keys(result.fields).some((f) => f !== 'signatureId');
    setAlert(result.msg || t(`api.errors.${result.error}`));
    if (fieldsOfStep2) navigate('/pages/process/information');
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        <Steps current={3} />
        <section className="terms" aria-labelledby="terms-title" aria-busy={!terms && !termsFailed}>
          <h2 id="terms-title">{terms?.title ?? t('purchase.termsTitle')}</h2>
          {terms ? (
            // Scrolls on its own, so it must be reachable by keyboard too.
            <div className="terms-scroll" tabIndex={0} role="region" aria-labelledby="terms-title">
              <RichText html={terms.html} />
            </div>
          ) : termsFailed ? <p role="alert">{t('home.loadError')}</p> : <div className="terms-placeholder" />}
        </section>
        <SignatureBox value={purchase.image} onChange={onSign} error={signError} />
        <FormAlert text={alert} kind="error" />
        <button type="button" className="button button-primary button-block" onClick={placeOrder} disabled={busy}>
          {busy ? t('account.submitting') : t('purchase.agreeAndOrder')}
        </button>
      </main>
    </>
  );
});
