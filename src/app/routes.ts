import { lazyPage, type LazyPage } from './lazy-page';

export interface AppRoute {
  path: string;
  titleKey: string;
  page: LazyPage;
  /** Personal-center routes: a visitor is sent to sign in first (SPEC.md section 6). */
  auth?: boolean;
}

const home = lazyPage(() => import('../pages/index/home-page'));

const login = lazyPage(() => import('../pages/public/login-page'));
const register = lazyPage(() => import('../pages/public/register-page'));
const retrieve = lazyPage(() => import('../pages/public/retrieve-page'));
const activate = lazyPage(() => import('../pages/public/activate-page'));
const userIndex = lazyPage(() => import('../pages/user/index-page'));
const userEdit = lazyPage(() => import('../pages/user/edit-page'));
const processSetmeal = lazyPage(() => import('../pages/process/setmeal-page'));
const processInformation = lazyPage(() => import('../pages/process/information-page'));
const processCheck = lazyPage(() => import('../pages/process/check-page'));
const processPay = lazyPage(() => import('../pages/process/pay-page'));
const creditCard = lazyPage(() => import('../pages/public/credit-card-page'));
const taocan = lazyPage(() => import('../pages/user/taocan-page'));
const userPay = lazyPage(() => import('../pages/user/pay-page'));
const userUpdate = lazyPage(() => import('../pages/user/update-page'));
const userAddress = lazyPage(() => import('../pages/user/address-page'));
const userBind = lazyPage(() => import('../pages/user/bind-page'));
const orderDetail = lazyPage(() => import('../pages/order/order-detail-page'));
const changeSetmeal = lazyPage(() => import('../pages/change-setmeal/setmeal-page'));
const changeConfirm = lazyPage(() => import('../pages/change-setmeal/confirm-page'));
const faq = lazyPage(() => import('../pages/public/faq-page'));
const richtext = lazyPage(() => import('../pages/public/richtext-page'));
const icons = lazyPage(() => import('../pages/icons/icons-page'));
const previewImage = lazyPage(() => import('../pages/system/preview-image-page'));
const chooseLocation = lazyPage(() => import('../pages/system/choose-location-page'));
const openLocation = lazyPage(() => import('../pages/system/open-location-page'));
const success = lazyPage(() => import('../pages/public/success-page'));


/** Every route of SPEC.md section 2; each page is its own chunk, loaded when first visited. */
export const appRoutes: AppRoute[] = [
  { path: '/', titleKey: 'routes.home', page: home },
  { path: '/pages/index/index', titleKey: 'routes.home', page: home },
  { path: '/pages/public/login', titleKey: 'routes.login', page: login },
  { path: '/pages/public/register', titleKey: 'routes.register', page: register },
  { path: '/pages/public/faq', titleKey: 'routes.faq', page: faq },
  { path: '/pages/public/retrieve', titleKey: 'routes.retrieve', page: retrieve },
  { path: '/pages/public/activate', titleKey: 'routes.activate', page: activate },
  { path: '/pages/public/richtext', titleKey: 'routes.richtext', page: richtext },
  { path: '/pages/public/success', titleKey: 'routes.success', page: success, auth: true },
  { path: '/pages/public/credit-card', titleKey: 'routes.creditCard', page: creditCard, auth: true },
  { path: '/pages/user/index', titleKey: 'routes.userIndex', page: userIndex, auth: true },
  { path: '/pages/user/edit', titleKey: 'routes.userEdit', page: userEdit, auth: true },
  { path: '/pages/user/taocan', titleKey: 'routes.userTaocan', page: taocan, auth: true },
  { path: '/pages/user/pay', titleKey: 'routes.userPay', page: userPay, auth: true },
  { path: '/pages/user/update', titleKey: 'routes.userUpdate', page: userUpdate, auth: true },
  { path: '/pages/user/address', titleKey: 'routes.userAddress', page: userAddress, auth: true },
  { path: '/pages/user/bind', titleKey: 'routes.userBind', page: userBind, auth: true },
  { path: '/pages/process/setmeal', titleKey: 'routes.processSetmeal', page: processSetmeal },
  { path: '/pages/process/information', titleKey: 'routes.processInformation', page: processInformation },
  { path: '/pages/process/check', titleKey: 'routes.processCheck', page: processCheck },
  { path: '/pages/process/pay', titleKey: 'routes.processPay', page: processPay, auth: true },
  { path: '/pages/order/orderDetail', titleKey: 'routes.orderDetail', page: orderDetail, auth: true },
  { path: '/pages/change-setmeal/setmeal', titleKey: 'routes.changeSetmeal', page: changeSetmeal, auth: true },
  { path: '/pages/change-setmeal/confirm', titleKey: 'routes.changeConfirm', page: changeConfirm, auth: true },
  { path: '/pages/icons/icons', titleKey: 'routes.icons', page: icons },
  { path: '/preview-image', titleKey: 'routes.previewImage', page: previewImage },
  { path: '/choose-location', titleKey: 'routes.chooseLocation', page: chooseLocation },
  { path: '/open-location', titleKey: 'routes.openLocation', page: openLocation },
];

export const notFoundPage = lazyPage(() => import('../pages/system/not-found-page'));
