import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serverOnlyLocaleKeys } from './vite.config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's own default is one worker fewer than the cores, which on a 2-core machine runs
    // every file one after another. A worker per core keeps both busy; the files of all three
    // projects share the workers, end-to-end ones first (vitest orders projects by name, then
    // the slowest files of the last run first).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // The console's stores import `locales/<lang>.json?admin` (vite.config.ts); the files
        // imported whole by other tests stay whole.
        plugins: [serverOnlyLocaleKeys({ strip: false })],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup-page-brand.ts'],
          // The phone's own zone is never Tokyo in these tests: Tokyo rules must not depend on it.
          env: { TZ: 'America/Los_Angeles' },
          // Vitest's 5 s is a timing: the console's page-by-page checks took 5.0 s on a busy
          // 2-core machine. A test fails for what it sees, not for how slow the machine is.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Worker threads start and import far cheaper than child processes (unit and server
          // together: 138 s instead of about 300 s on 2 cores). Unit tests stay in forks: they
          // set TZ, which only a process of their own can have.
          pool: 'threads',
          // Files in one worker share its imported modules: the server is imported once per
          // worker instead of once per file (about 40 s less on 2 cores). Each file still
          // builds its own app on its own database, and lint forbids vi.mock, stubGlobal and
          // the like here, which would leak from one file into the next.
          isolate: false,
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          isolate: false,
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
