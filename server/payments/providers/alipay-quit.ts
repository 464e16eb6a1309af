/**
 * Where Alipay's mobile cashier sends a customer who leaves it unpaid (wap.pay's quit_url):
 * the result page the payment returns to, told so. The page then says "cancelled" at once
 * instead of asking the server for a minute and more; the sandbox cashier's cancel goes to the
 * same address, so the two cannot drift apart.
 */
export function alipayQuitUrl(returnUrl: string): string {
  const url = new URL(returnUrl, 'http://relative.invalid');
  url.searchParams.set('cancelled', '1');
  // A relative return (the sandbox's own) stays relative.
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.toString();
}
