import type { RootStore } from './root-store';
import { LineStore } from '../features/line/line-store';

/**
 * The customer's line (package, usage, bills, personal details), built the first time a
 * personal page asks for it (RootStore.lazyStore): home and the purchase never download it.
 */
export function lineOf(root: RootStore): LineStore {
  return root.lazyStore('line', () => new LineStore(root.http, (user) => root.session.applyUserInfo(user)));
}
