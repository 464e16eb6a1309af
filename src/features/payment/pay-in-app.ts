import type { PayScene } from '../../../contract/containers';
import type { PlatformBridge } from '../../../bridges/types';
import type { PayCreated } from '../../api/payment';
import type { PayPhase } from './payment-types';

/**
 * A mini-program's pay page or the platform's pay sheet, where the attempt calls for one: the
 * phase to show when the customer cancelled or it failed, null to go on asking the server.
 */
export async function payInApp(
  bridge: PlatformBridge,
  outcome: PayCreated['outcome'],
  scene: PayScene,
  standInUrl: string | undefined,
): Promise<PayPhase | null> {
  if (outcome.kind === 'miniprogram' && outcome.path) {
    const said = await bridge.pay({ kind: 'mini-program-page', path: outcome.path, standInUrl });
    if (said !== 'ok') {
      const method = scene === 'miniprogram' && bridge.platform.startsWith('alipay') ? 'alipay' : 'wechat';
      return { kind: 'failed', reasonKey: 'payResult.reason.PAYERROR', method };
    }
  }
  if (outcome.kind === 'bridge' && outcome.params) {
    const request = outcome.params.tradeNO
      ? ({ kind: 'alipay-trade', tradeNO: outcome.params.tradeNO, standInUrl } as const)
      : ({ kind: 'wechat-jsapi', params: outcome.params, standInUrl } as const);
    const said = await bridge.pay(request);
    if (said === 'cancel') return { kind: 'cancelled' };
    if (said === 'fail' || said === 'unsupported') {
      const method = request.kind === 'alipay-trade' ? 'alipay' : 'wechat';
      return { kind: 'failed', reasonKey: 'payResult.reason.PAYERROR', method };
    }
  }
  return null;
}
