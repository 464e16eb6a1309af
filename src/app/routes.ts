import { lazyPage, type LazyPage, type PageModule } from './lazy-page';
import { loadPurchaseCode, type RootStore } from './root-store';

export interface AppRoute {
  path: string;
  titleKey: string;
  page: LazyPage;
  /** Personal-center routes: a visitor is sent to sign in first (docs/requirements.md#routes). */
  auth?: boolean;
  /**
   * Routes the server draws before the app's script arrives, so a phone on a slow network
   * sees the page at once. `load` fetches what the page shows from the start (`query`: the
   * URL's parameters). `personal`: drawn only for a signed-in customer (the page-session
   * cookie), never kept or shared; a visitor gets the app, which sends them to sign in.
   */
  serverRendered?: { load?: (store: RootStore, query: URLSearchParams) => Promise<unknown>; personal?: boolean };
}

// Each page is its own chunk, loaded when first visited; the glob gives the loader and the
// source path together, and the build manifest knows each chunk by that path.
const pageModules = import.meta.glob<PageModule>('../pages/*/*-page.tsx');

// Pages that never touch the purchase store: they draw without its code (the first page a
// phone opens is most often one of these). Every other page brings it along.
const WITHOUT_PURCHASE = new Set([
  'index/home-page',
  'public/login-page',
  'public/register-page',
  'public/faq-page',
  'public/richtext-page',
  'user/index-page',
  'user/taocan-page',
  'system/not-found-page',
]);

/** The purchase store's chunk, by build-manifest key: drawn pages that need it list it for preloading. */
export const PURCHASE_MODULE = 'src/features/purchase/purchase-store.ts';

/** Whether the page of this source (`src/pages/…tsx`) brings the purchase store along. */
export function pageNeedsPurchase(source: string): boolean {
  return !WITHOUT_PURCHASE.has(source.replace(/^src\/pages\//, '').replace(/\.tsx$/, ''));
}

function page(name: string): LazyPage {
  const loader = pageModules[`../pages/${name}.tsx`];
  if (!loader) throw new Error(`no page module ../pages/${name}.tsx`);
  const withStores = WITHOUT_PURCHASE.has(name)
    ? loader
    : () => Promise.all([loader(), loadPurchaseCode()]).then(([module]) => module);
  return lazyPage(withStores, `src/pages/${name}.tsx`);
}

const home = page('index/home-page');
const login = page('public/login-page');
const register = page('public/register-page');
const retrieve = page('public/retrieve-page');
const activate = page('public/activate-page');
const userIndex = page('user/index-page');
const userEdit = page('user/edit-page');
const processSetmeal = page('process/setmeal-page');
const processInformation = page('process/information-page');
const processCheck = page('process/check-page');
const processPay = page('process/pay-page');
const processVerify = page('process/verify-page');
const creditCard = page('public/credit-card-page');
const taocan = page('user/taocan-page');
const userPay = page('user/pay-page');
const userLost = page('user/lost-page');
const userTopup = page('user/topup-page');
const userUpdate = page('user/update-page');
const userAddress = page('user/address-page');
const userBind = page('user/bind-page');
const userNotifications = page('user/notifications-page');
const userPause = page('user/pause-page');
const orderDetail = page('order/order-detail-page');
const orderList = page('order/list-page');
const orderPage = page('order/order-page');
const changeSetmeal = page('change-setmeal/setmeal-page');
const changeConfirm = page('change-setmeal/confirm-page');
const faq = page('public/faq-page');
const richtext = page('public/richtext-page');
const icons = page('icons/icons-page');
const previewImage = page('system/preview-image-page');
const chooseLocation = page('system/choose-location-page');
const openLocation = page('system/open-location-page');
const success = page('public/success-page');
const continuePage = page('public/continue-page');
const userCancel = page('user/cancel-page');

const homeData = { load: (store: RootStore) => store.content.loadHome() };
// Personal pages: the customer's data the page shows first, through their session.
const bills = {
  personal: true,
  load: async (store: RootStore) => (await import('./line-of')).lineOf(store).bills.load(),
};
const personalFrame = { personal: true };

/** Every route of docs/requirements.md#routes; each page is its own chunk, loaded when first visited. */
export const appRoutes: AppRoute[] = [
  { path: '/', titleKey: 'routes.home', page: home, serverRendered: homeData },
  { path: '/pages/index/index', titleKey: 'routes.home', page: home, serverRendered: homeData },
  { path: '/pages/public/login', titleKey: 'routes.login', page: login, serverRendered: {} },
  { path: '/pages/public/register', titleKey: 'routes.register', page: register, serverRendered: {} },
  {
    path: '/pages/public/faq',
    titleKey: 'routes.faq',
    page: faq,
    serverRendered: { load: (store) => store.content.faqs.load() },
  },
  { path: '/pages/public/retrieve', titleKey: 'routes.retrieve', page: retrieve },
  { path: '/pages/public/activate', titleKey: 'routes.activate', page: activate },
  { path: '/pages/public/richtext', titleKey: 'routes.richtext', page: richtext },
  { path: '/pages/public/success', titleKey: 'routes.success', page: success, auth: true },
  { path: '/pages/public/continue', titleKey: 'routes.continue', page: continuePage },
  { path: '/pages/public/credit-card', titleKey: 'routes.creditCard', page: creditCard, auth: true },
  { path: '/pages/user/index', titleKey: 'routes.userIndex', page: userIndex, auth: true, serverRendered: bills },
  { path: '/pages/user/edit', titleKey: 'routes.userEdit', page: userEdit, auth: true },
  {
    path: '/pages/user/taocan',
    titleKey: 'routes.userTaocan',
    page: taocan,
    auth: true,
    serverRendered: {
      personal: true,
      load: async (store) => {
        const line = (await import('./line-of')).lineOf(store);
        await Promise.all([line.pkg.load(), line.usage.load()]);
      },
    },
  },
  { path: '/pages/user/pay', titleKey: 'routes.userPay', page: userPay, auth: true, serverRendered: bills },
  { path: '/pages/user/lost', titleKey: 'routes.userLost', page: userLost, auth: true },
  { path: '/pages/user/cancel', titleKey: 'routes.userCancel', page: userCancel, auth: true },
  { path: '/pages/user/topup', titleKey: 'routes.userTopup', page: userTopup, auth: true },
  { path: '/pages/user/update', titleKey: 'routes.userUpdate', page: userUpdate, auth: true },
  { path: '/pages/user/address', titleKey: 'routes.userAddress', page: userAddress, auth: true },
  { path: '/pages/user/bind', titleKey: 'routes.userBind', page: userBind, auth: true },
  { path: '/pages/user/notifications', titleKey: 'routes.userNotifications', page: userNotifications, auth: true },
  { path: '/pages/user/pause', titleKey: 'routes.userPause', page: userPause, auth: true },
  {
    path: '/pages/process/setmeal',
    titleKey: 'routes.processSetmeal',
    page: processSetmeal,
    serverRendered: { load: (store) => store.content.plans.load() },
  },
  // The purchase steps: their frame is the same for everyone (the draft is the phone's own).
  {
    path: '/pages/process/information',
    titleKey: 'routes.processInformation',
    page: processInformation,
    serverRendered: {},
  },
  {
    path: '/pages/process/check',
    titleKey: 'routes.processCheck',
    page: processCheck,
    // The terms, the page's largest text, are drawn with it (sanitized on the server too).
    serverRendered: { load: (store) => store.content.page('terms').load() },
  },
  {
    path: '/pages/process/pay',
    titleKey: 'routes.processPay',
    page: processPay,
    auth: true,
    serverRendered: {
      personal: true,
      // The order from the server, the store a pickup order waits at, and whether its identity
      // check must pass before paying (a voice line): the page shows the check instead of the
      // ways to pay, so drawing it later moved the page and made it the late largest paint.
      load: async (store, query) => {
        const purchase = await store.purchaseReady();
        await purchase.viewOrder(query.get('orderNo') ?? '');
        const order = purchase.order.data?.order;
        await Promise.all([
          order?.info.delivery === 'pickup' && store.content.stores.load(),
          order?.status === 'awaiting_payment' &&
            import('./identity-of').then(({ identityOf }) => identityOf(store).show(order.orderNo)),
        ]);
      },
    },
  },
  { path: '/pages/process/verify', titleKey: 'routes.processVerify', page: processVerify, auth: true },
  {
    path: '/pages/order/orderDetail',
    titleKey: 'routes.orderDetail',
    page: orderDetail,
    auth: true,
    serverRendered: bills,
  },
  {
    path: '/pages/order/detail',
    titleKey: 'routes.orderPage',
    page: orderPage,
    auth: true,
    serverRendered: personalFrame,
  },
  {
    path: '/pages/order/list',
    titleKey: 'routes.orderList',
    page: orderList,
    auth: true,
    serverRendered: { personal: true, load: async (store) => (await store.purchaseReady()).orders.load() },
  },
  { path: '/pages/change-setmeal/setmeal', titleKey: 'routes.changeSetmeal', page: changeSetmeal, auth: true },
  { path: '/pages/change-setmeal/confirm', titleKey: 'routes.changeConfirm', page: changeConfirm, auth: true },
  { path: '/pages/icons/icons', titleKey: 'routes.icons', page: icons },
  { path: '/preview-image', titleKey: 'routes.previewImage', page: previewImage },
  { path: '/choose-location', titleKey: 'routes.chooseLocation', page: chooseLocation },
  { path: '/open-location', titleKey: 'routes.openLocation', page: openLocation },
];

export const notFoundPage = page('system/not-found-page');

/** The route a path shows (a path as the router sees it, below /h5). */
export function routeFor(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return appRoutes.find((route) => route.path === path);
}
