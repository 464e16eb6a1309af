import { createAdminClient, type AdminClient } from '../api/client';
import { sessionApi } from '../api/session-endpoints';
// Only the type: the area stores are in the console's chunk, not the sign-in screen's.
import type { ConsoleStores } from './console-stores';
import { LanguageStore } from './language-store';
import { SessionStore } from './session-store';

/**
 * The console's stores, reached through useAdmin(). The language and the session are built at
 * start, for the sign-in screen; each area's store comes with the console (openConsole).
 */
export class RootStore {
  readonly language = new LanguageStore();
  readonly session: SessionStore;
  /** The staff API's client, for a panel that keeps its own small store (the line panel). */
  readonly client: AdminClient;
  private areas: ConsoleStores | null = null;

  constructor(fetchImpl?: typeof fetch) {
    this.client = createAdminClient({
      getLang: () => this.language.lang,
      getCsrf: () => this.session.csrf,
      onUnauthorized: () => this.session.expire(),
      fetchImpl,
    });
    this.session = new SessionStore(sessionApi(this.client), () => this.forget());
  }

  /**
   * The console's chunk hands over how to build the area stores; they are built once, at the
   * first sign-in, and reset (not rebuilt) at each sign-out.
   */
  openConsole(build: (client: AdminClient) => ConsoleStores): void {
    this.areas ??= build(this.client);
  }

  get review() {
    return this.area().review;
  }
  get orders() {
    return this.area().orders;
  }
  get fulfilment() {
    return this.area().fulfilment;
  }
  get esim() {
    return this.area().esim;
  }
  get customers() {
    return this.area().customers;
  }
  get money() {
    return this.area().money;
  }
  get audit() {
    return this.area().audit;
  }
  get staff() {
    return this.area().staff;
  }
  get lost() {
    return this.area().lost;
  }
  get leaving() {
    return this.area().leaving;
  }
  get topups() {
    return this.area().topups;
  }

  private area(): ConsoleStores {
    if (!this.areas) throw new Error('The area stores come with the console (console.tsx calls openConsole)');
    return this.areas;
  }

  /** Nothing one staff member saw stays in the page for the next to sign in. */
  private forget(): void {
    this.areas?.reset();
  }
}
