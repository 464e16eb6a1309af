import type { Config } from '../../config.js';
import type { EkycProvider } from './ekyc-provider.js';
import { liveEkyc } from './live-ekyc.js';
import { SANDBOX_EKYC_SECRET, sandboxEkyc } from './sandbox-ekyc.js';

/** The eKYC provider EKYC_MODE names (production refuses the sandbox: config.ts standIns). */
export function createEkycProvider(config: Config): EkycProvider {
  if (config.EKYC_MODE === 'live')
    return liveEkyc({
      apiBase: config.EKYC_API_BASE,
      token: config.EKYC_API_TOKEN,
      secret: config.EKYC_WEBHOOK_SECRET,
    });
  return sandboxEkyc({ publicUrl: config.PUBLIC_URL, secret: config.EKYC_WEBHOOK_SECRET || SANDBOX_EKYC_SECRET });
}
