import type { RootStore } from './root-store';
import { PaymentStore } from '../features/payment/payment-store';

/** The payment store, built the first time a page that pays asks for it (RootStore.lazyStore). */
export function paymentOf(root: RootStore): PaymentStore {
  return root.lazyStore(
    'payment',
    () =>
      new PaymentStore({
        storage: root.storage,
        http: root.http,
        bridge: root.bridge,
        config: () => root.appConfig.config?.payment ?? null,
        desktop: root.desktop,
        learnWechatPayer: () => root.account.learnWechatPayer(),
      }),
  );
}
