import type { RootStore } from './root-store';
import { AddressChange } from '../features/line/address-change';
import { lineOf } from './line-of';

/**
 * A new mailing address being entered (the address page). Built the first time that page asks
 * for it (RootStore.lazyStore): its upload code is not the home page's to download.
 */
export function addressOf(root: RootStore): AddressChange {
  return root.lazyStore('address', () => new AddressChange(root.http, lineOf(root).personal));
}
