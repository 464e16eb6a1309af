import type { RootStore } from './root-store';
import { IdentityStore } from '../features/identity/identity-store';

/**
 * An order's identity check (issue 29): IC chip or JPKI through the eKYC provider. Built the
 * first time a page of the purchase asks for it (RootStore.lazyStore).
 */
export function identityOf(root: RootStore): IdentityStore {
  return root.lazyStore(
    'identity',
    () => new IdentityStore({ http: root.http, bridge: root.bridge, storage: root.storage, desktop: root.desktop }),
  );
}
