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
    ['server/orders/routes/x.ts', "import { format } from '../../../src/lib/format';", 'src/'],
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
    ['src/features/payment/x.ts', "import { RootStore } from '../../app/root-store';", 'never imports src/app/'],
    [
      'src/features/payment/sub/x.tsx',
      "import { PayPage } from '../../../pages/user/pay-page';",
      'never imports src/app/',
    ],
    ['src/components/x.tsx', "import { PaymentStore } from '../features/payment/payment-store';", 'below the features'],
    ['src/lib/x.ts', "import type { SessionStore } from '../features/session/session-store';", 'below the features'],
    ['src/api/x.ts', "import { PaymentStore } from '../features/payment/payment-store';", 'below the features'],
    ['bridges/x.ts', "import { format } from '../src/lib/format';", 'bridges/ wrap the platforms'],
    ['bridges/x.ts', "import { config } from '../server/config';", 'bridges/ wrap the platforms'],
    ['contract/x.ts', "import { readFileSync } from 'fs';", 'no Node built-in'],
    ['contract/x.ts', "import { join } from 'path';", 'no Node built-in'],
    ['contract/x.ts', "import { randomUUID } from 'crypto';", 'no Node built-in'],
    ['contract/x.ts', "import { readFile } from 'fs/promises';", 'no Node built-in'],
    ['contract/x.ts', "import { createHash } from 'node:crypto';", 'no Node built-in'],
    ['server/lib/x.ts', "import { notify } from '../notifications/index.js';", 'import no domain'],
    ['server/lib/x.ts', "import { paymentsDomain } from '../payments/index.js';", 'import no domain'],
    ['server/db/schema/x.ts', "import { approveOrder } from '../../staff/index.js';", 'import no domain'],
    ['server/db/x.ts', "import { runCommand } from '../ops/cli.js';", 'import no domain'],
    ['server/plugins/x.ts', "import { createOrder } from '../orders/index.js';", 'import no domain'],
    ['server/lib/x.ts', "import { buildApp } from '../app.js';", 'import no domain'],
    ['server/lib/x.ts', "import type { ZodApp } from '../types.js';", 'import no domain'],
    // A domain reaches another only through its public entry, and never reaches up.
    ['server/payments/x.ts', "import { transitionOrder } from '../orders/orders.js';", 'public entry'],
    ['server/staff/routes/x.ts', "import { watermarkImage } from '../../documents/watermark.js';", 'public entry'],
    ['server/x.ts', "import { createOrder } from './orders/orders.js';", 'public entry'],
    ['server/ops/x.ts', "import { approveOrder } from '../staff/operations.js';", 'public entry'],
    ['server/orders/x.ts', "import { seedDemo } from '../ops/seed-demo.js';", 'never imports them'],
    ['server/orders/routes/x.ts', "import { buildApp } from '../../app.js';", 'never imports them'],
    ['server/line/x.ts', "import { closeByDefault } from '../plugins/access.js';", 'never imports them'],
    ['server/lib/auth.ts', "import { format } from '../../src/lib/format';", 'src/'],
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
    ['server/orders/routes/x.ts', "import { CODE_OK } from '../../../contract/api';"],
    ['contract/x.ts', "import { z } from 'zod';"],
    ['tests/server/x.test.ts', "import { buildApp } from '../../server/app';"],
    ['src/admin/pages/x.tsx', "import { useAdmin } from '../stores/store-context';"],
    ['src/admin/pages/x.tsx', "import type { AdminOrder } from '../../../contract/admin-api';"],
    ['src/admin/stores/x.ts', "import { Loadable } from '../../lib/resource';"],
    ['src/admin/x.tsx', "import { showLang } from '../lib/language';"],
    ['src/admin/stores/x.ts', "import { AdminApiError } from '../api/client';"],
    ['src/lib/x.ts', "import { CODE_OK } from '../../contract/api';"],
    ['src/features/payment/x.ts', "import { isRunnable } from '../../../contract/containers';"],
    ['src/components/x.tsx', "import { format } from '../lib/format';"],
    ['bridges/x.ts', "import type { Container } from '../contract/containers';"],
    ['contract/x.ts', "import { detectPlatform } from './detect';"],
    ['contract/x.ts', "import { z } from 'zod';"],
    ['server/lib/x.ts', "import { db } from '../db/client.js';"],
    ['server/lib/auth.ts', "import { userForToken, type SessionUser } from './sessions.js';"],
    ['server/payments/x.ts', "import { transitionOrder } from '../orders/index.js';"],
    ['server/payments/routes/x.ts', "import { createPayment } from '../payments.js';"],
    ['server/payments/routes/x.ts', "import { requireUser } from '../../lib/auth.js';"],
    ['server/x.ts', "import { ordersDomain } from './orders/index.js';"],
    ['server/ops/x.ts', "import { approveOrder } from '../staff/index.js';"],
    ['tests/server/x.test.ts', "import { transitionOrder } from '../../server/orders/orders.js';"],
  ])(
    '%s: %s is allowed',
    async (filePath, code) => {
      expect(await architectureFindings(filePath, code)).toEqual([]);
    },
    timeout,
  );
});

describe('import cycles', () => {
  // Real files on disk close each cycle: payments.ts imports check-schedule.ts, and the payment
  // store imports the container table.
  it.each([
    [
      'server/payments/check-schedule.ts',
      "import { settlePayment } from './payments.js';\nexport const s = settlePayment;",
    ],
    [
      'contract/containers.ts',
      "import { PaymentStore } from '../src/features/payment/payment-store';\nexport const s = PaymentStore;",
    ],
  ])(
    '%s: %s closes a cycle and is refused',
    async (filePath, code) => {
      const [result] = await eslint.lintText(code, { filePath });
      expect(result?.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    },
    timeout,
  );

  it(
    'a type-only import back is not a cycle (it is gone at run time)',
    async () => {
      const code = "import type { PaymentRow } from './payments.js';\nexport type Row = PaymentRow;";
      const [result] = await eslint.lintText(code, { filePath: 'server/payments/check-schedule.ts' });
      expect(result?.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
    },
    timeout,
  );
});

describe('lazy imports', () => {
  it.each([
    ['src/features/payment/x.ts', "export const load = () => import('../purchase/purchase-store');"],
    ['src/features/payment/sub/x.ts', "export const load = () => import('../../../features/session/session-store');"],
  ])(
    '%s: %s is refused',
    async (filePath, code) => {
      const findings = await architectureFindings(filePath, code);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain('no-restricted-syntax');
      expect(findings[0]).toContain('never imports another feature');
    },
    timeout,
  );

  it.each([
    ['src/features/payment/x.ts', "export const load = () => import('./payment-store');"],
    ['src/pages/process/x.tsx', "export const load = () => import('../../features/payment/payment-store');"],
    ['src/app/x.ts', "export const load = () => import('../features/purchase/purchase-store');"],
  ])(
    '%s: %s is allowed',
    async (filePath, code) => {
      expect(await architectureFindings(filePath, code)).toEqual([]);
    },
    timeout,
  );

  it(
    'a feature keeps the platform rules of src/',
    async () => {
      const findings = await architectureFindings('src/features/payment/x.ts', "location.href = '/h5/';");
      expect(findings.join('\n')).toContain('only bridges/');
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
