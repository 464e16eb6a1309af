import { defineConfig, loadConfigFromFile, mergeConfig } from 'vite';

// The staff console (admin.html, src/admin/) is a build of its own into the same folder, run
// after the app's: the customer's chunks stay exactly what they were (nothing is shared or
// split differently for the console's sake), and the console's files sit apart under
// assets/admin/, which no customer page asks for (tests/e2e/admin.test.ts watches).
export default defineConfig(async (env) => {
  const app = await loadConfigFromFile(env, 'vite.config.ts');
  if (!app) throw new Error('vite.config.ts not found');
  return mergeConfig(app.config, {
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: false,
      assetsDir: 'assets/admin',
      rolldownOptions: { input: 'admin.html' },
    },
  });
});
