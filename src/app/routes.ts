import { lazyPage, type LazyPage } from './lazy-page';

export interface AppRoute {
  path: string;
  titleKey: string;
  page: LazyPage;
}

const comingSoon = lazyPage(() => import('../pages/system/coming-soon-page'));
const home = lazyPage(() => import('../pages/index/home-page'));

const soon = (path: string, titleKey: string): AppRoute => ({ path, titleKey, page: comingSoon });

/** Every route of SPEC.md section 2; each page is its own chunk, loaded when first visited. */
export const appRoutes: AppRoute[] = [
  { path: '/', titleKey: 'routes.home', page: home },
  { path: '/pages/index/index', titleKey: 'routes.home', page: home },
  soon('/pages/public/login', 'routes.login'),
  soon('/pages/public/register', 'routes.register'),
  soon('/pages/public/faq', 'routes.faq'),
  soon('/pages/public/retrieve', 'routes.retrieve'),
  soon('/pages/public/richtext', 'routes.richtext'),
  soon('/pages/public/success', 'routes.success'),
  soon('/pages/public/credit-card', 'routes.creditCard'),
  soon('/pages/user/index', 'routes.userIndex'),
  soon('/pages/user/edit', 'routes.userEdit'),
  soon('/pages/user/taocan', 'routes.userTaocan'),
  soon('/pages/user/pay', 'routes.userPay'),
  soon('/pages/user/update', 'routes.userUpdate'),
  soon('/pages/user/address', 'routes.userAddress'),
  soon('/pages/process/setmeal', 'routes.processSetmeal'),
  soon('/pages/process/information', 'routes.processInformation'),
  soon('/pages/process/check', 'routes.processCheck'),
  soon('/pages/process/pay', 'routes.processPay'),
  soon('/pages/order/orderDetail', 'routes.orderDetail'),
  soon('/pages/change-setmeal/setmeal', 'routes.changeSetmeal'),
  soon('/pages/change-setmeal/confirm', 'routes.changeConfirm'),
  soon('/pages/icons/icons', 'routes.icons'),
  soon('/preview-image', 'routes.previewImage'),
  soon('/choose-location', 'routes.chooseLocation'),
  soon('/open-location', 'routes.openLocation'),
];

export const notFoundPage = lazyPage(() => import('../pages/system/not-found-page'));
