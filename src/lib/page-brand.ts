import type { Lang } from '../../contract/api';
import { withBrand, type Brand } from '../../contract/brand-words';
import { BRAND_ELEMENT_ID } from '../../contract/page-render';

// The operator's brand as the page brought it (the server writes it into every page it
// serves; the page renderer sets it for each drawing). The app carries no brand of its own:
// a new BRAND_FILE shows without a rebuild.
let brand: Brand | null | undefined;

export function setPageBrand(value: Brand | null): void {
  brand = value;
}

export function pageBrand(): Brand | null {
  if (brand === undefined) {
    brand = null;
    const text = typeof document === 'undefined' ? null : document.getElementById(BRAND_ELEMENT_ID)?.textContent;
    try {
      if (text) brand = JSON.parse(text) as Brand;
    } catch {
      // A page without it keeps the placeholders; the server always writes it.
    }
  }
  return brand;
}

/** A dictionary with the page's brand in its {{brand}} placeholders. */
export function branded<T>(dictionary: T, lang: Lang): T {
  const current = pageBrand();
  return current ? withBrand(dictionary, current, lang) : dictionary;
}
