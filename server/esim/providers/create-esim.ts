import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { EsimProvider } from './esim-provider.js';
import { liveEsim } from './live-esim.js';
import { SANDBOX_ESIM_SECRET, sandboxEsim } from './sandbox-esim.js';

/** The sandbox's notice secret: ESIM_WEBHOOK_SECRET when set. */
export const sandboxEsimSecret = (config: Pick<Config, 'ESIM_WEBHOOK_SECRET'>): string =>
  config.ESIM_WEBHOOK_SECRET || SANDBOX_ESIM_SECRET;

/** The eSIM platform ESIM_MODE names (production refuses the sandbox: config.ts standIns). */
export function createEsimProvider(config: Config, db: Database): EsimProvider {
  if (config.ESIM_MODE === 'live')
    return liveEsim({
      apiBase: config.ESIM_API_BASE,
      token: config.ESIM_API_TOKEN,
      secret: config.ESIM_WEBHOOK_SECRET,
    });
  return sandboxEsim({ db, secret: sandboxEsimSecret(config) });
}
