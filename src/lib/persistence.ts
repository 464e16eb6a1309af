// localStorage can throw (Safari private mode, a full quota, a web view that forbids it);
// a failed write must never break the page, it only loses persistence.

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Persistence is best effort.
  }
}

export function clearAll(storage: KeyValueStorage): void {
  try {
    storage.clear();
  } catch {
    // Nothing else to do.
  }
}

/** A storage that forgets everything, for environments without localStorage. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

export const STORAGE_KEYS = {
  token: 'token',
  userinfo: 'userinfo',
  lang: 'lang',
  config: 'config',
  purchase: 'purchase',
} as const;
