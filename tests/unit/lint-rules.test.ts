// @vitest-environment node
// The architecture rules of eslint.config.js must keep firing: a renamed folder or a regex typo
// would otherwise switch one off silently while `npm run lint` stays green.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

// Loading the config and its plugins takes seconds on a busy machine; each lint after that is quick.
const timeout = 20_000;

beforeAll(async () => {
  // Type information is not needed for import and global rules, and building a TypeScript
  // program for each snippet would take most of a minute.
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  await eslint.lintText('export {};', { filePath: 'src/app/x.ts' });
}, 60_000);

async function architectureFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('no-restricted-') || m.fatal)
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('import rules', () => {
  it.each([
    ['src/pages/process/x.tsx', "import { buildApp } from '../../../server/app';", 'server/'],
    ['src/app/x.ts', "import { config } from '../../server/config';", 'server/'],
    ['server/routes/x.ts', "import { format } from '../../src/lib/format';", 'src/'],
    ['contract/x.ts', "import { buildApp } from '../server/app';", 'contract/ is pure'],
    ['contract/x.ts', "import { format } from '../src/lib/format';", 'contract/ is pure'],
    ['contract/x.ts', "import { useState } from 'react';", 'contract/ is pure'],
    ['src/features/payment/x.ts', "import { PurchaseStore } from '../purchase/purchase-store';", 'feature'],
    ['src/features/payment/x.ts', "import { SessionStore } from '../../features/session/session-store';", 'feature'],
    ['src/pages/process/x.tsx', "import { fetchOrder } from '../../api/purchase';", 'through stores'],
    ['src/pages/process/x.tsx', "import type { OrderView } from '../../api/purchase';", 'through stores'],
    ['src/app/x.tsx', "import { AdminApp } from '../admin/app';", 'staff console'],
    ['src/pages/index/x.tsx', "import { useAdmin } from '../../admin/stores/store-context';", 'staff console'],
    ['src/features/session/x.ts', "import type { RootStore } from '../../admin/stores/root-store';", 'staff console'],
    ['src/admin/pages/x.tsx', "import { buildApp } from '../../../server/app';", 'server/'],
    ['src/admin/stores/x.ts', "import { PaymentStore } from '../../features/payment/payment-store';", 'never customer'],
    ['src/admin/stores/x.ts', "import { createHttpClient } from '../../api/http-client';", 'never customer'],
    ['src/admin/x.tsx', "import { RootStore } from '../app/root-store';", 'never customer'],
    ['src/admin/pages/x.tsx', "import { LoadFailed } from '../../components/load-failed';", 'never customer'],
    ['src/lib/x.ts', "import { createHttpClient } from '../api/http-client';", 'toolkit both apps share'],
    ['src/lib/x.ts', "import { RootStore } from '../admin/stores/root-store';", 'toolkit both apps share'],
  ])(
    '%s: %s is refused',
    async (filePath, code, why) => {
      const findings = await architectureFindings(filePath, code);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain('no-restricted-imports');
      expect(findings[0]).toContain(why);
    },
    timeout,
  );

  it.each([
    ['src/pages/process/x.tsx', "import { CODE_OK } from '../../../contract/api';"],
    ['src/pages/process/x.tsx', "import { PurchaseStore } from '../../features/purchase/purchase-store';"],
    ['src/app/x.tsx', "import { renderToString } from 'react-dom/server';"],
    ['src/features/payment/x.ts', "import { PaymentStore } from './payment-store';"],
    ['src/features/payment/x.ts', "import { createPayment } from '../../api/payment';"],
    ['src/features/payment/x.ts', "import type { Bridge } from '../../../bridges/types';"],
    ['server/routes/x.ts', "import { CODE_OK } from '../../contract/api';"],
    ['contract/x.ts', "import { z } from 'zod';"],
    ['tests/server/x.test.ts', "import { buildApp } from '../../server/app';"],
    ['src/admin/pages/x.tsx', "import { useAdmin } from '../stores/store-context';"],
    ['src/admin/pages/x.tsx', "import type { AdminOrder } from '../../../contract/admin-api';"],
    ['src/admin/stores/x.ts', "import { Loadable } from '../../lib/resource';"],
    ['src/admin/x.tsx', "import { showLang } from '../lib/language';"],
    ['src/admin/stores/x.ts', "import { AdminApiError } from '../api/client';"],
    ['src/lib/x.ts', "import { CODE_OK } from '../../contract/api';"],
  ])(
    '%s: %s is allowed',
    async (filePath, code) => {
      expect(await architectureFindings(filePath, code)).toEqual([]);
    },
    timeout,
  );
});

describe('platform globals and redirects', () => {
  const forbidden = [
    "WeixinJSBridge.invoke('getBrandWCPayRequest', {}, () => undefined);",
    'wx.ready(() => undefined);',
    "AlipayJSBridge.call('tradePay', {}, () => undefined);",
    'ap.tradePay({});',
    'my.getAuthCode({});',
    'Multipayment.init("shop");',
    'window.wx.ready(() => undefined);',
    "window.location.href = '/h5/';",
    "window.location = '/h5/';",
    "location.href = '/h5/';",
    "document.location.href = '/h5/';",
    "location.assign('/h5/');",
    "window.location.replace('/h5/');",
  ];

  it.each(forbidden)(
    'src/: %s is refused',
    async (code) => {
      const findings = await architectureFindings('src/app/x.ts', code);
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.join('\n')).toContain('only bridges/');
    },
    timeout,
  );

  it.each(forbidden)(
    'bridges/: %s is allowed',
    async (code) => {
      expect(await architectureFindings('bridges/x.ts', code)).toEqual([]);
    },
    timeout,
  );

  it(
    'src/ may read the location',
    async () => {
      const code = 'export const here = window.location.pathname + location.search;';
      expect(await architectureFindings('src/app/x.ts', code)).toEqual([]);
    },
    timeout,
  );
});

describe('test files that share a worker', () => {
  it.each(['tests/server/x.test.ts', 'tests/e2e/x.test.ts'])(
    '%s may not mock modules or replace globals',
    async (filePath) => {
      const code = "import { vi } from 'vitest';\nvi.mock('node:fs');\nvi.stubGlobal('fetch', () => undefined);\n";
      const findings = await architectureFindings(filePath, code);
      expect(findings).toHaveLength(2);
      expect(findings.join('\n')).toContain('share modules in a worker');
    },
    timeout,
  );

  it(
    'tests/unit/ may',
    async () => {
      const code = "import { vi } from 'vitest';\nvi.mock('node:fs');\n";
      expect(await architectureFindings('tests/unit/x.test.ts', code)).toEqual([]);
    },
    timeout,
  );
});
