import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { LinePlatform } from './line-platform.js';
import { liveLinePlatform } from './live-line-platform.js';
import { sandboxLinePlatform } from './sandbox-line-platform.js';

/** The line platform LINE_PLATFORM_MODE names (production refuses the sandbox: config.ts standIns). */
export function createLinePlatform(
  config: Pick<Config, 'LINE_PLATFORM_MODE' | 'LINE_API_BASE' | 'LINE_API_TOKEN'>,
  db: Database,
): LinePlatform {
  if (config.LINE_PLATFORM_MODE === 'live')
    return liveLinePlatform({ apiBase: config.LINE_API_BASE, token: config.LINE_API_TOKEN });
  return sandboxLinePlatform(db);
}
