import { DEFAULT_BRAND } from '../../contract/brand-words';
import { BRAND_ELEMENT_ID } from '../../contract/page-render';

// Every page the server serves carries the operator's brand (contract/brand-html.ts) and the
// app and console read their {{brand}} from it; a test's document is such a page.
if (typeof document !== 'undefined' && !document.getElementById(BRAND_ELEMENT_ID)) {
  const data = document.createElement('script');
  data.id = BRAND_ELEMENT_ID;
  data.type = 'application/json';
  data.textContent = JSON.stringify(DEFAULT_BRAND);
  document.head.append(data);
}
