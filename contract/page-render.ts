// How the server draws a public page before the app's script arrives: it calls the page
// renderer (src/app/render-page.tsx, built into dist/ssr) and sends the result inside
// index.html; the app then hydrates it with the same data, read from the page itself.
import type { Lang } from './api';
import type { Brand } from './brand-words';

export interface ApiAnswer {
  status: number;
  body: string;
}

export interface PageRenderRequest {
  /** The URL as the browser asked for it, below the site root: /h5/pages/public/login?x=1 */
  url: string;
  lang: Lang;
  /** The site's public address (PUBLIC_URL): share cards name absolute links and images. */
  origin?: string;
  /** A GET of this server's API, answered as a browser would be answered. */
  fetchApi(url: string, headers: Record<string, string>): Promise<ApiAnswer>;
  /**
   * The customer's token from PAGE_SESSION_COOKIE, for a personal page: drawn with their data
   * (the API asked with the `token` header), or null when the token does not sign anyone in.
   */
  token?: string;
  /** The browser's user agent, for a personal page: its payment buttons depend on the container. */
  userAgent?: string;
  /** The operator's brand (BRAND_FILE): the page's words and title name it. */
  brand?: Brand;
}

/** What the app needs to hydrate the page exactly as drawn. */
export interface BootData {
  lang: Lang;
  /** The router path drawn (below /h5). */
  path: string;
  /** The server's clock when it drew the page (ms). */
  renderedAt: number;
  /** The API answers the drawing used, by bootKey(): the app reads them instead of asking again. */
  api: Record<string, string>;
  /** Drawn for the signed-in customer (their data in `api`): the app hydrates it only with a session. */
  personal?: boolean;
  /**
   * The container and screen a personal page was drawn for (its payment buttons): a phone that
   * finds itself elsewhere (a mini-program's web view, an iPad in desktop mode) draws it afresh.
   */
  platform?: string;
  desktop?: boolean;
  /**
   * The scripts the page needs to come alive, added by the server from the build manifest:
   * the entry fetches them all at once, after the first paint (see src/main.tsx).
   */
  preload?: string[];
  /**
   * The stylesheets the server put inline in the page, by URL: the app marks them as there,
   * so the page's chunk, whose loader asks for its CSS, does not fetch them again.
   */
  styles?: string[];
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  title: string;
  /** The lang attribute of <html>. */
  htmlLang: string;
  /** Build-manifest keys of the modules the page needs at once (page chunk, dictionary). */
  modules: string[];
  boot: BootData;
  /** What a link preview shows (Open Graph and Twitter card tags), in the page's language. */
  share?: { title: string; description: string; link: string; imageUrl: string };
}

/** Null when the URL is not one the server draws (unknown paths, a personal page without a session). */
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage | null>;

/** Whether a page path (below the site root, /h5/pages/user/index) is drawn only with a session. */
export type IsPersonalPage = (url: string) => boolean;

export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/**
 * The <script type="application/json"> in every page (drawn or the app shell, and the staff
 * console's) holding the operator's brand: the app fills its dictionaries' {{brand}} from it,
 * so a new BRAND_FILE shows without a rebuild.
 */
export const BRAND_ELEMENT_ID = 'brand-data';

/** The cookie in which the app tells the server the visitor's language, for drawing pages. */
export const LANG_COOKIE = 'lang';

export function bootKey(url: string, acceptLanguage: string): string {
  return `GET ${url} ${acceptLanguage}`;
}

/**
 * The cookie that mirrors a customer's API token for page requests only (Path=/h5/,
 * HttpOnly, Secure, SameSite=Lax): with it the server draws personal pages. It is the token
 * itself, so it ends when the token ends; the API never reads it (it keeps the `token` header).
 */
export const PAGE_SESSION_COOKIE = 'h5_session';
