import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './root-store';

const AdminContext = createContext<RootStore | null>(null);

export function AdminStoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <AdminContext.Provider value={store}>{children}</AdminContext.Provider>;
}

/** The console's stores; each page takes its area's store from here. */
export function useAdmin(): RootStore {
  const store = useContext(AdminContext);
  if (!store) throw new Error('useAdmin must be used inside AdminStoreProvider');
  return store;
}
