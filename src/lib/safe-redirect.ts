/** Only paths inside this app may be a post-login destination, never another site. */
export function safeRedirect(target: string | null, fallback = '/pages/user/index'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}
