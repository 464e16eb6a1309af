// Bytes each route needs for its first render, next to a floor app built in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_RENDER_SOURCES, routeWeight, weigh } from '../scripts/bundle-size.js';
import { root } from './processes.js';

export interface Weight {
  gzip: number;
  brotli: number;
}

export interface RouteWeightResult extends Weight {
  route: string;
  path: string;
  files: number;
  ratioToFloor: number;
}

/** The routes the issue names, with the page module each one loads. */
export const BENCH_ROUTES: { route: string; path: string; source: string }[] = [
  { route: 'home', path: '/', source: 'src/pages/index/home-page.tsx' },
  { route: 'login', path: '/pages/public/login', source: 'src/pages/public/login-page.tsx' },
  { route: 'setmeal', path: '/pages/process/setmeal', source: 'src/pages/process/setmeal-page.tsx' },
  { route: 'information', path: '/pages/process/information', source: 'src/pages/process/information-page.tsx' },
  { route: 'pay', path: '/pages/process/pay', source: 'src/pages/process/pay-page.tsx' },
  { route: 'user index', path: '/pages/user/index', source: 'src/pages/user/index-page.tsx' },
];

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

function folderWeight(dir: string): Weight {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css)$/.test(f));
  const { gzip, brotli } = weigh(files.map((f) => join(dir, f)));
  return { gzip, brotli };
}

/** Builds the app (when its sources changed) and the floor app, then weighs both. */
export function measurePageWeight(): { floor: Weight; routes: RouteWeightResult[] } {
  run(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts']);
  run(process.execPath, [
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'bench/floor/vite.config.ts',
  ]);
  const floor = folderWeight(join(root, 'bench', '.floor-dist'));
  const outDir = join(root, 'dist', 'h5');
  const routes = BENCH_ROUTES.map(({ route, path, source }) => {
    const w = routeWeight(outDir, route, [...FIRST_RENDER_SOURCES, source]);
    return {
      route,
      path,
      gzip: w.gzip,
      brotli: w.brotli,
      files: w.files.length,
      ratioToFloor: +(w.gzip / floor.gzip).toFixed(2),
    };
  });
  return { floor, routes };
}
