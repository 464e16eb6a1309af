/**
 * Anything that may hold something of the signed-in customer. Logout and a 401 call clear()
 * on every store the root store holds, so a phone handed to the next customer shows nothing
 * of the last one; a store keeps only what is not the customer's (the language, public data).
 */
export interface Clearable {
  clear(): void;
}

export function isClearable(value: unknown): value is Clearable {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Clearable>).clear === 'function';
}
