import { detectPlatform, isDesktop } from '../../contract/detect';
import { isRunnable, matrixRow } from '../../contract/containers';

/**
 * What support staff need to see in vConsole (`?debug=1`) when helping a customer: the
 * container this page decided it runs in, and that container's row of the matrix.
 */
export function containerReport(userAgent: string, win: Window): string {
  const container = detectPlatform(userAgent, win);
  const desktop = isDesktop(userAgent);
  const row = (wechatH5: boolean) =>
    matrixRow(container, { desktop, wechatH5 })
      .pay.map((way) => (isRunnable(way) ? `${way.method}:${way.scene}` : `${way.method}→${way.instead}`))
      .join(', ');
  const signIn = matrixRow(container, { desktop, wechatH5: false }).signIn;
  const lines = [
    `container: ${container}${desktop ? ' (computer)' : ''}`,
    `sign-in: ${signIn} (e-mail everywhere)`,
    `payment: ${row(false)}`,
  ];
  if (container === 'browser' && !desktop) lines.push(`payment with WECHAT_H5_PAY=on: ${row(true)}`);
  lines.push(`user agent: ${userAgent}`);
  return lines.join('\n');
}
