import { join } from 'node:path';

/** A second brand, nothing like the default: what an operator's BRAND_FILE looks like. */
export const SECOND_BRAND_FILE = join(__dirname, '..', '..', 'fixtures', 'brand', 'second.json');

/** The default brand's names and the old real company's: none may show under another brand. */
const FOREIGN = /云路|くもじ|kumoji|樱花|櫻花|さくら|sakura/gi;

/** The names of another brand found in `text` (none: an empty list). */
export function traces(text: string): string[] {
  return [...new Set(text.match(FOREIGN) ?? [])];
}
