// ESLint flat config. Besides the recommended rule sets it states the layering of
// docs/architecture.md#import-rules as import rules, so the architecture holds by the linter
// rather than by habit.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const srcServerWhy =
  'docs/architecture.md#import-rules: nothing in src/ imports server/ and the reverse; share code through contract/.';
const contractWhy =
  'docs/architecture.md#import-rules: contract/ is pure (zod and small data libraries), used by both app and server, so it imports neither src/ nor server/.';
const featureWhy =
  'docs/architecture.md#import-rules: a feature never imports another feature; compose features in a page.';
const pageApiWhy =
  'docs/architecture.md#import-rules: pages get data through stores (features), never from src/api/ directly.';
const bridgeWhy =
  'docs/architecture.md#import-rules: only bridges/ touches platform globals and redirects; call a bridge instead.';
const consoleWhy =
  'docs/architecture.md#staff-console: the staff console imports its own files, the shared toolkit (src/lib/), contract/ and packages; never customer code.';
const libWhy =
  'docs/architecture.md#import-rules: src/lib/ is the toolkit both apps share, so it imports neither customer code nor the console.';
const featureUpWhy =
  'docs/architecture.md#import-rules: a feature never imports src/app/ or src/pages/; they compose features, not the reverse.';
const sharedFeatureWhy =
  'docs/architecture.md#import-rules: src/components/, src/lib/ and src/api/ sit below the features, so they never import one.';
const bridgeUpWhy =
  'docs/architecture.md#import-rules: bridges/ wrap the platforms for the app; they import neither src/ nor server/ (pure shared code lives in contract/).';
const contractNodeWhy =
  'docs/architecture.md#import-rules: contract/ runs unchanged in the browser, so it imports no Node built-in, with or without the node: prefix.';
const serverUpWhy =
  'docs/architecture.md#import-rules: server/lib/, server/db/ and server/plugins/ sit below the domains, so they import no domain, nor ops/, jobs/, app.ts or types.ts (it imports the domains).';
const domainEntryWhy =
  'docs/architecture.md#server-domains: another domain is reached through its public entry (server/<domain>/index.ts), never a file inside it.';
const domainUpWhy =
  'docs/architecture.md#server-domains: a domain sits below app.ts, main.ts, worker.ts, ops/ and plugins/; it never imports them.';
const adminWhy =
  'docs/architecture.md#staff-console: the staff console (src/admin/) is a bundle of its own that customers never load; customer code never imports it.';

// No-restricted-imports replaces its options per matching block instead of merging them, so
// every folder's block lists all of the patterns that apply to it. Regexes on relative paths,
// because globs like `**/server` would also catch packages such as `react-dom/server`.
const serverPatterns = [{ regex: '^(\\.\\./)+server(/|$)', message: srcServerWhy }];
const srcPatterns = [{ regex: '^(\\.\\./)+src(/|$)', message: srcServerWhy }];
// `../admin/...` from src/app/, `../../admin` from a page, but not `contract/admin-api`.
const adminPatterns = [{ regex: '(^|/)admin(/|$)', message: adminWhy }];
// `../../api` from src/pages/<group>/, but not `../../../contract/api`.
const pageApiPatterns = [{ regex: '^(\\.\\./)+api(/|$)|(^|/)src/api(/|$)', message: pageApiWhy }];
// From a console file `depth` folders below src/, a path that climbs exactly to src/ and then
// into anything but lib/ reaches customer code (`../../features/...` from src/admin/stores/).
// Its own `../api` or `../stores` climb less; `../../../contract` climbs further.
const consolePatterns = (depth) => [{ regex: `^(\\.\\./){${depth}}(?!lib(/|$))[^./]`, message: consoleWhy }];
const customerFolders = fs
  .readdirSync(path.join(root, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'lib' && entry.name !== 'features')
  .map((entry) => entry.name);
// Features are left to sharedFeaturePatterns, which catches them from any depth.
const libPatterns = [{ regex: `^\\.\\./(${customerFolders.join('|')})(/|$)`, message: libWhy }];
const sharedFeaturePatterns = [{ regex: '^(\\.\\./)+features(/|$)|(^|/)src/features(/|$)', message: sharedFeatureWhy }];
// Two climbs at least: `../../app` from src/features/<name>/, one more from a subfolder.
const featureUpPatterns = [
  { regex: '^(\\.\\./){2,}(app|pages)(/|$)|(^|/)src/(app|pages)(/|$)', message: featureUpWhy },
];
const bridgePatterns = [{ regex: '^(\\.\\./)+(src|server)(/|$)', message: bridgeUpWhy }];
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('node:') && !name.includes('/'));
const contractNodePatterns = [{ regex: `^(node:|(${nodeBuiltins.join('|')})(/|$))`, message: contractNodeWhy }];
const featurePatterns = (own) =>
  features
    .filter((other) => other !== own)
    .map((other) => ({ regex: `^\\.\\./${other}(/|$)|(^|/)features/${other}(/|$)`, message: featureWhy }));
// No-restricted-imports does not see import(), so a lazy import of another feature is refused as
// syntax. Esquery's regex literal ends at the first `/`, hence \x2F for the slashes.
const featureDynamicSyntax = (own) => {
  const others = features.filter((other) => other !== own).join('|');
  const regex = `^\\.\\.\\x2F(${others})(\\x2F|$)|(^|\\x2F)features\\x2F(${others})(\\x2F|$)`;
  return [{ selector: `ImportExpression[source.type='Literal'][source.value=/${regex}/]`, message: featureWhy }];
};

// The server's domains (docs/architecture.md#server-domains): each a folder with one public entry.
const domains = fs
  .readdirSync(path.join(root, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, 'server', entry.name, 'index.ts')))
  .map((entry) => entry.name);
// `../orders/orders.js` or `./orders/orders.js` (from app.ts), but not `../orders/index.js`.
const domainEntryPatterns = (own) => {
  const others = domains.filter((name) => name !== own).join('|');
  return [{ regex: `^(\\./|(\\.\\./)+)(${others})/(?!index\\.js$)`, message: domainEntryWhy }];
};
const domainUpPatterns = [
  { regex: '^(\\.\\./)+(ops|plugins)(/|$)|^(\\.\\./)+(app|main|worker)(\\.js)?$', message: domainUpWhy },
];
const serverUpPatterns = [
  {
    regex: `^(\\.\\./)+(${[...domains, 'ops', 'plugins'].join('|')})(/|$)|^(\\.\\./)+(app|main|worker|types)(\\.js)?$`,
    message: serverUpWhy,
  },
];

const platformGlobals = ['WeixinJSBridge', 'wx', 'AlipayJSBridge', 'ap', 'my', 'Multipayment'].map((name) => ({
  name,
  message: bridgeWhy,
}));
const platformProperties = [
  ...['WeixinJSBridge', 'wx', 'AlipayJSBridge', 'ap', 'my', 'Multipayment'].flatMap((property) =>
    ['window', 'globalThis', 'self'].map((object) => ({ object, property, message: bridgeWhy })),
  ),
  ...['assign', 'replace'].map((property) => ({ object: 'location', property, message: bridgeWhy })),
];
const locationSyntax = [
  // window.location = x, location.href = x, window.location.href = x, document.location = x, ...
  {
    selector:
      "AssignmentExpression > MemberExpression.left[property.name='location'], AssignmentExpression > MemberExpression.left[object.name='location'], AssignmentExpression > MemberExpression.left[object.property.name='location']",
    message: bridgeWhy,
  },
  {
    selector: "AssignmentExpression > Identifier.left[name='location']",
    message: bridgeWhy,
  },
  // window.location.assign(x) and window.location.replace(x); bare location.* is covered above.
  {
    selector:
      "CallExpression > MemberExpression.callee[object.property.name='location'][property.name=/^(assign|replace)$/]",
    message: bridgeWhy,
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'coverage/**', 'test-results/**', 'bench/.floor-dist/**', 'node_modules/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // The only JavaScript: this file (its plugins ship no types) and the PDF render worker (a worker
  // thread Node loads itself, outside tsx); both are outside tsconfig.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // Unused names fail CI, but a leading underscore marks one that is unused on purpose
      // (an ignored callback parameter, a destructured field left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // React Router's navigate() is typed `void | Promise<void>`: the promise exists only for
      // data routers' pending navigations, which this app does not use, so there is nothing to await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // React ignores what an event handler returns, so an async onSubmit/onClick is fine as long
      // as it handles its own failures; promises passed where other callbacks expect void stay checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bridges/**/*.ts', 'bench/floor/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**/*.{ts,js}', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bench/floor/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.tsx', 'bench/floor/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Fastify registers a plugin without a `done` callback only when it returns a promise, so
    // route plugins are async functions whether or not they await; route handlers are async so
    // that what they return (or throw) goes through Fastify's reply and error handling.
    files: ['server/*/routes/**/*.ts', 'server/*/index.ts', 'server/plugins/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read response bodies from app.inject().json(), fetch().json() and page.evaluate(),
    // all typed `any`; the expect() assertions on them are the type check. Fakes implement async
    // interfaces (fetch, locale loaders, listeners) without needing to await anything.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Architecture. Platform globals: server code runs in Node where they do not exist, and
  // tests stand in for the platforms on purpose, so the rule covers the browser code.
  {
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...platformGlobals],
      'no-restricted-properties': ['error', ...platformProperties],
      'no-restricted-syntax': ['error', ...locationSyntax],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverPatterns, ...adminPatterns] }] },
  },
  {
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverPatterns, ...adminPatterns, ...pageApiPatterns] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...serverPatterns, ...adminPatterns, ...featureUpPatterns, ...featurePatterns(feature)] },
      ],
      'no-restricted-syntax': ['error', ...locationSyntax, ...featureDynamicSyntax(feature)],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverPatterns, ...adminPatterns, ...sharedFeaturePatterns] }],
    },
  },
  // The console itself: its own files, the shared toolkit, contract/ and packages.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`src/admin/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverPatterns, ...consolePatterns(depth)] }] },
  })),
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverPatterns, ...libPatterns, ...sharedFeaturePatterns] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...srcPatterns, ...domainEntryPatterns(null)] }] },
  },
  ...domains.map((domain) => ({
    files: [`server/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...srcPatterns, ...domainEntryPatterns(domain), ...domainUpPatterns] },
      ],
    },
  })),
  {
    files: ['server/lib/**/*.ts', 'server/db/**/*.ts', 'server/plugins/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...srcPatterns, ...serverUpPatterns] }] },
  },
  // No cycles anywhere: a cycle is where layers blur (and where ES modules see undefined
  // bindings at start). Type-only imports are left out; they vanish at run time.
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the rule parses only .js dependencies and finds no cycle in TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['bridges/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: bridgePatterns }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(src|server)(/|$)', message: contractWhy },
            { regex: '^(react|react-dom|mobx)', message: contractWhy },
            ...contractNodePatterns,
          ],
        },
      ],
    },
  },

  {
    // Server and e2e files share their worker's modules (isolate: false in vitest.config.ts):
    // a module mocked or a global replaced in one file would leak into the next.
    files: ['tests/server/**/*.ts', 'tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'spyOn', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server and e2e test files share modules in a worker; use a real part, or move this to tests/unit.',
        })),
      ],
    },
  },

  // Formatting belongs to Prettier; this switches off the rules that would fight it.
  prettier,
);
