/**
 * Load benchmark: each route against the trivial /healthz of the same server in the same run, reported as
 * ratios (this machine is shared and noisy; absolute numbers mean little). Every round measures every route
 * once (the routes interleaved, so a burst of outside load hits all of them alike); the tables give the
 * median over the rounds. Then the page weights: HTML bytes and the JavaScript a page loads at start.
 * Starts its own server on a temporary data folder with the demo data, unless BENCH_URL points at a
 * running one. Needs the production build (`npm run build`).
 *
 *   npm run bench     BENCH_ROUNDS=5 BENCH_SECONDS=3 BENCH_CONNECTIONS=10; BENCH_ROUTES=targets for the
 *                     routes with a target only, BENCH_ROUTES=items for the item page and JSON only;
 *                     BENCH_ITEMS=120 items rotated over; BENCH_ROUNDS=0 for the page weights only
 */
import autocannon from 'autocannon';
import { type DemoItem, demoItems } from './items.ts';
import { kilobytes, mainChunk, type PageWeight, pageWeight } from './page-weight.ts';
import { type BenchServer, median, signIn, startServer } from './server.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const onlyTargets = process.env.BENCH_ROUTES === 'targets';
const onlyItems = process.env.BENCH_ROUTES === 'items';

/** Targets of issue 8: share of /healthz throughput and the largest p99. */
const PAGE_TARGET = { ratio: 0.08, p99: 50 };
const CHUNK_TARGET = { ratio: 0.5 };
/** Targets of issue 9: the item page and the item's JSON, over many seeded items. */
const ITEM_PAGE_TARGET = { ratio: 0.1, p99: 50 };
const ITEM_JSON_TARGET = { ratio: 0.2, p99: 50 };
/** Issue 21: JavaScript at start (brotli) and the raw HTML of `/` (issue 9's 40 KB counted a page without cards). */
const WEIGHT_TARGETS = { '/': { js: 120 * 1024, html: 100 * 1024 }, '/login': { js: 140 * 1024 } };

interface BenchRoute {
  name: string;
  path: string;
  /** Several addresses asked for in turn (one route over many items); `path` is the first. */
  paths?: string[];
  headers?: Record<string, string>;
  signedIn?: boolean;
  target?: { ratio: number; p99?: number };
  mayFail?: boolean;
}

function routesFor(chunk: string, items: DemoItem[]): BenchRoute[] {
  const pages = items.map((item) => item.page);
  const json = items.map((item) => `/api/v1/items/${item.id}?lang=en`);
  const core: BenchRoute[] = [
    {
      name: `page item /item/{itemName} (${pages.length} items)`,
      path: pages[0] ?? '/',
      paths: pages,
      target: ITEM_PAGE_TARGET,
    },
    {
      name: `API item /api/v1/items/{id} (${json.length} items)`,
      path: json[0] ?? '/',
      paths: json,
      target: ITEM_JSON_TARGET,
    },
    { name: 'page dashboard /', path: '/', target: PAGE_TARGET },
    { name: 'page category list', path: '/category', target: PAGE_TARGET },
    { name: 'page login', path: '/login', target: PAGE_TARGET },
    { name: 'page blog list', path: '/blog', target: PAGE_TARGET },
    { name: 'page dashboard /, br', path: '/', headers: { 'accept-encoding': 'br' } },
    { name: 'main chunk, br', path: chunk, headers: { 'accept-encoding': 'br' }, target: CHUNK_TARGET },
    { name: 'main chunk, uncompressed', path: chunk },
  ];
  if (onlyItems) return core.slice(0, 2);
  if (onlyTargets) return core;
  return [
    ...core,
    { name: 'page not found', path: '/no-such-page', mayFail: true },
    { name: 'page profile, signed in', path: '/profile', signedIn: true },
    { name: 'API categories', path: '/api/v1/categories?lang=en' },
    { name: 'API blogs', path: '/api/v1/blogs?lang=en' },
    { name: 'API public profile', path: '/api/v1/users/demo-user-02?lang=en' },
    // Signed in (bearer token): every request looks the session up.
    { name: 'API session, signed in', path: '/api/v1/auth/session', signedIn: true },
  ];
}

interface Sample {
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  /** Server CPU time per answer, in ms (NaN when the server is not ours). */
  cpu: number;
  /** CPU per /healthz answer divided by CPU per answer of this route: the share of /healthz throughput on an idle machine. */
  cpuRatio: number;
}

async function measure(url: string, headers: Record<string, string> = {}, duration = seconds, paths?: string[]) {
  if (!paths || paths.length === 0) return autocannon({ url, connections, duration, headers });
  // Each request takes the next address of the list.
  let next = 0;
  const setupRequest = (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length] });
  return autocannon({ url: new URL(url).origin, connections, duration, headers, requests: [{ setupRequest }] });
}

/** Runs a measurement and the server's CPU time it took, per answer. */
async function measureWithCpu(
  server: BenchServer,
  path: string,
  headers: Record<string, string> = {},
  paths?: string[],
) {
  const before = await server.cpuMs();
  const result = await measure(`${server.url}${path}`, headers, seconds, paths);
  const after = await server.cpuMs();
  const answers = result.requests.total;
  const cpu = before === undefined || after === undefined || answers === 0 ? Number.NaN : (after - before) / answers;
  return { result, cpu };
}

async function runRounds(server: BenchServer, routes: BenchRoute[], signedIn: Record<string, string>) {
  const samples = new Map<BenchRoute, Sample[]>(routes.map((route) => [route, []]));
  const baseline: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    const { result: healthz, cpu: baseCpu } = await measureWithCpu(server, '/healthz');
    const base = healthz.requests.average;
    const { p50, p99 } = healthz.latency;
    baseline.push({ rps: base, ratio: 1, p50, p99, cpu: baseCpu, cpuRatio: 1 });
    // Each round starts at another route, so no route always runs right after the baseline.
    const order = routes.map((_, index) => routes[(index + round) % routes.length] as BenchRoute);
    for (const route of order) {
      const headers = { ...route.headers, ...(route.signedIn ? signedIn : {}) };
      const { result, cpu } = await measureWithCpu(server, route.path, headers, route.paths);
      if (result.non2xx > 0 && !route.mayFail) throw new Error(`${route.path}: ${result.non2xx} non-2xx answers`);
      if (result.errors > 0) throw new Error(`${route.path}: ${result.errors} connection errors`);
      const rps = result.requests.average;
      const { p50, p99 } = result.latency;
      samples.get(route)?.push({ rps, ratio: rps / base, p50, p99, cpu, cpuRatio: baseCpu / cpu });
    }
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
  return { samples, baseline };
}

function printThroughput(routes: BenchRoute[], samples: Map<BenchRoute, Sample[]>, baseline: Sample[]) {
  console.log(
    `\n${connections} connections, ${seconds} s per route, ${rounds} interleaved rounds; medians over the rounds\n`,
  );
  console.log('| route | req/s | share of /healthz (min-max) | p50 ms | p99 ms | CPU ms/answer | CPU share | target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  console.log(
    `| /healthz | ${median(baseline.map((s) => s.rps)).toFixed(0)} | 1 | ${pick(baseline, 'p50')} | ` +
      `${pick(baseline, 'p99')} | ${pick(baseline, 'cpu').toFixed(3)} | 1 | |`,
  );
  for (const route of routes) {
    const list = samples.get(route) ?? [];
    const ratios = list.map((sample) => sample.ratio);
    const ratio = median(ratios);
    const p99 = median(list.map((sample) => sample.p99));
    console.log(
      `| ${route.name} | ${median(list.map((s) => s.rps)).toFixed(0)} | ${ratio.toFixed(3)} ` +
        `(${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}) | ${pick(list, 'p50')} | ${p99} | ` +
        `${pick(list, 'cpu').toFixed(3)} | ${pick(list, 'cpuRatio').toFixed(3)} | ${verdict(route, ratio, p99)} |`,
    );
  }
}

const pick = (list: Sample[], key: 'p50' | 'p99' | 'cpu' | 'cpuRatio') => median(list.map((sample) => sample[key]));

function verdict(route: BenchRoute, ratio: number, p99: number) {
  if (!route.target) return '';
  const wanted = [`>= ${route.target.ratio}`, route.target.p99 ? `p99 <= ${route.target.p99}` : ''].filter(Boolean);
  const met = ratio >= route.target.ratio && (!route.target.p99 || p99 <= route.target.p99);
  return `${wanted.join(', ')}: ${met ? 'met' : 'MISSED'}`;
}

function printWeights(weights: PageWeight[]) {
  console.log('\n| page | HTML | HTML sent (br) | scripts at start | JS sent (br) | target |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const weight of weights) {
    const target = WEIGHT_TARGETS[weight.path as keyof typeof WEIGHT_TARGETS];
    const goals: string[] = [];
    if (target?.js) goals.push(`JS <= ${kilobytes(target.js)}: ${weight.jsWireBytes <= target.js ? 'met' : 'MISSED'}`);
    if (target && 'html' in target)
      goals.push(`HTML <= ${kilobytes(target.html)}: ${weight.htmlBytes <= target.html ? 'met' : 'MISSED'}`);
    console.log(
      `| ${weight.path} | ${kilobytes(weight.htmlBytes)} | ${kilobytes(weight.htmlWireBytes)} | ` +
        `${weight.scripts.length} | ${kilobytes(weight.jsWireBytes)} | ${goals.join('; ')} |`,
    );
  }
}

const server = await startServer();
try {
  const weights = await Promise.all(['/', '/login', '/category', '/blog'].map((path) => pageWeight(server.url, path)));
  const chunk = mainChunk(weights[0] as PageWeight);
  const routes = routesFor(chunk, await demoItems(server.url));
  const signedIn = { authorization: `Bearer ${await signIn(server.url)}` };
  // Warm-up: JIT, the connection pool, the page chunks.
  if (rounds > 0) {
    for (const route of routes) {
      await measure(`${server.url}${route.path}`, route.signedIn ? signedIn : {}, 1, route.paths);
    }
  }
  if (rounds > 0) {
    const { samples, baseline } = await runRounds(server, routes, signedIn);
    printThroughput(routes, samples, baseline);
  }
  console.log(`\nmain chunk: ${chunk}`);
  printWeights(weights);
} finally {
  await server.stop();
}
