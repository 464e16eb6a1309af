import { join } from 'node:path';
import { HOME_BUDGET_GZIP, HOME_SOURCES, routeWeight } from './bundle-size.js';

const outDir = join(new URL('..', import.meta.url).pathname, 'dist', 'h5');
const home = routeWeight(outDir, 'home', HOME_SOURCES);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const verdict = home.gzip <= HOME_BUDGET_GZIP ? 'within' : 'OVER';
console.log(
  `Home first render: ${kb(home.gzip)} gzip, ${kb(home.brotli)} brotli, ${kb(home.raw)} raw ` +
    `in ${home.files.length} JS/CSS files (${verdict} the ${kb(HOME_BUDGET_GZIP)} gzip budget)`,
);
if (home.gzip > HOME_BUDGET_GZIP) process.exitCode = 1;
