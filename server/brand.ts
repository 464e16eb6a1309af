import { readFileSync } from 'node:fs';
import { brandSchema, DEFAULT_BRAND, type Brand } from '../contract/brand.js';

/**
 * The operator's brand from BRAND_FILE (JSON in contract/brand.ts's shape), or the invented
 * default. A file that cannot be read or does not fit stops the process with what is wrong:
 * a half-branded site (someone else's name on a receipt) is worse than none.
 */
export function loadBrand(path: string | undefined): Brand {
  if (!path) return DEFAULT_BRAND;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid configuration: BRAND_FILE ${path}: ${(error as Error).message}`);
  }
  const parsed = brandSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: BRAND_FILE ${path}: ${problems}`);
  }
  return parsed.data;
}
