import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { shareCardFor } from './share-card';
import { useStores } from './store-context';

/**
 * Inside WeChat, each route sets what "share to a friend / to Moments" shows: a localized
 * title, description and image (bridges/wechat.ts signs the JS-SDK for the URL WeChat checks).
 */
export const ShareCards = observer(function ShareCards() {
  const { bridge, content, language, purchase } = useStores();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const inWechat = bridge.platform === 'wechat' || bridge.platform === 'wechat-desktop';
  const card = inWechat
    ? shareCardFor(pathname, search, t, content.plans.data, window.location.origin, purchase.setmeal?.id)
    : null;
  const key = card ? JSON.stringify(card) : '';

  useEffect(() => {
    // A shared plan link names a plan: its card needs the plans.
    if (inWechat && content.plans.status === 'idle' && new URLSearchParams(search).has('plan'))
      void content.plans.load();
  }, [inWechat, content, search]);

  useEffect(() => {
    if (!card) return;
    void bridge.setShare(card, (url) => content.jssdkSignature(url)).catch(() => false);
    // The card's words stand for it: a new language or the plans arriving set it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, bridge, content, language.lang]);
  return null;
});
