/**
 * Visitor pages with the shared cache, the same pages signed in (never cached), and the React floor (issue 21),
 * on the demo data, each against /healthz of the same server in the same run, in interleaved rounds:
 *   - visitors: /, /category, /item-list and an item page, as a browser asks (Accept-Encoding: br), from the
 *     visitor cache (PAGE_CACHE_SECONDS, 5 s): share of /healthz and p99;
 *   - signed in: the same pages (the item page over the demo items in turn) rendered on every request: the
 *     server's CPU per page;
 *   - the React floor: for each signed-in page, how long renderToString of that page's own tree takes in the
 *     same process (the server renders it again on request: SOUK_BENCH_RENDER_FLOOR), and the page's CPU as
 *     a multiple of it.
 *
 *   npm run bench:pages     BENCH_ROUNDS=5 BENCH_SECONDS=3 BENCH_CONNECTIONS=10 BENCH_ITEMS=120
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { demoItems } from './items.ts';
import { type BenchServer, median, signIn, startServer } from './server.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const VISITOR_TARGET = { ratio: 0.3, p99: 50 };
/** A signed-in page's CPU may be at most this many times React's own render of its tree. */
const FLOOR_TARGET = 4;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

interface PageRoute {
  name: string;
  paths: string[];
  /** Signed in, the addresses asked for in turn (the visitors' by default). */
  memberPaths?: string[];
}

interface Sample {
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  cpu: number;
}

async function load(server: BenchServer, paths: string[], headers: Record<string, string>) {
  let next = 0;
  const setupRequest = (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length] });
  const before = await server.cpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest }],
  });
  const after = await server.cpuMs();
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${paths[0]} and others: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const answers = result.requests.total;
  const cpu = before === undefined || after === undefined || answers === 0 ? Number.NaN : (after - before) / answers;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

/** The React floor of each page: the server's own renderToString of its tree, median over the addresses. */
async function renderFloors(server: BenchServer, route: PageRoute, signedIn: Record<string, string>) {
  const floors: number[] = [];
  for (const path of (route.memberPaths ?? route.paths).slice(0, 30)) {
    for (let turn = 0; turn < 3; turn += 1) {
      const response = await fetch(`${server.url}${path}`, { headers: { ...signedIn, 'x-render-floor': '1' } });
      await response.arrayBuffer();
      const floor = Number(response.headers.get('x-render-floor-ms'));
      if (Number.isFinite(floor) && floor > 0) floors.push(floor);
    }
  }
  if (floors.length === 0) throw new Error(`${route.name}: the server gave no render floor (SOUK_BENCH_RENDER_FLOOR)`);
  return median(floors);
}

async function measureRounds(server: BenchServer, routes: PageRoute[], signedIn: Record<string, string>) {
  const visitor = new Map<string, Sample[]>(routes.map((route) => [route.name, []]));
  const member = new Map<string, Sample[]>(routes.map((route) => [route.name, []]));
  const baseline: Sample[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const base = await load(server, ['/healthz'], {});
    baseline.push({ ...base, ratio: 1 });
    const order = routes.map((_, index) => routes[(index + round) % routes.length] as PageRoute);
    for (const route of order) {
      const seen = await load(server, route.paths, BROWSER);
      visitor.get(route.name)?.push({ ...seen, ratio: seen.rps / base.rps });
      const signed = await load(server, route.memberPaths ?? route.paths, { ...BROWSER, ...signedIn });
      member.get(route.name)?.push({ ...signed, ratio: signed.rps / base.rps });
    }
    process.stderr.write(`round ${round + 1}/${rounds} done (load average ${os.loadavg()[0]?.toFixed(1)})\n`);
  }
  return { visitor, member, baseline };
}

const pick = (list: Sample[], key: keyof Sample) => median(list.map((sample) => sample[key]));
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

function report(routes: PageRoute[], results: Awaited<ReturnType<typeof measureRounds>>, floors: Map<string, number>) {
  const { visitor, member, baseline } = results;
  console.log(
    `\n${connections} connections, ${seconds} s per route, ${rounds} interleaved rounds; medians (min-max)\n`,
  );
  console.log(
    '| page | visitors (cache): share of /healthz | p50 ms | p99 ms | target | signed in: share | CPU ms/page | React floor ms | CPU / floor | target |',
  );
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---|');
  console.log(
    `| /healthz (${fixed(pick(baseline, 'rps'), 0)} req/s, ${fixed(pick(baseline, 'cpu'), 3)} ms CPU) | 1 | ` +
      `${pick(baseline, 'p50')} | ${pick(baseline, 'p99')} | | | | | | |`,
  );
  for (const route of routes) {
    const seen = visitor.get(route.name) ?? [];
    const signed = member.get(route.name) ?? [];
    const ratios = seen.map((sample) => sample.ratio);
    const ratio = median(ratios);
    const p99 = pick(seen, 'p99');
    const visitorMet = ratio >= VISITOR_TARGET.ratio && p99 <= VISITOR_TARGET.p99;
    const cpu = pick(signed, 'cpu');
    const floor = floors.get(route.name) ?? Number.NaN;
    const multiple = cpu / floor;
    console.log(
      `| ${route.name} | ${fixed(ratio, 3)} (${fixed(Math.min(...ratios), 3)}-${fixed(Math.max(...ratios), 3)}) | ` +
        `${pick(seen, 'p50')} | ${p99} | >= ${VISITOR_TARGET.ratio}, p99 <= ${VISITOR_TARGET.p99}: ` +
        `${visitorMet ? 'met' : 'MISSED'} | ${fixed(pick(signed, 'ratio'), 3)} | ${fixed(cpu, 2)} | ${fixed(floor, 2)} | ` +
        `${fixed(multiple, 2)} | <= ${FLOOR_TARGET}: ${multiple <= FLOOR_TARGET ? 'met' : 'MISSED'} |`,
    );
  }
}

const server = await startServer({ env: { SOUK_BENCH_RENDER_FLOOR: '1' } });
try {
  const items = await demoItems(server.url);
  const routes: PageRoute[] = [
    { name: '/', paths: ['/'] },
    { name: '/category', paths: ['/category'] },
    { name: '/item-list', paths: ['/item-list'] },
    {
      name: `an item page (signed in: ${items.length} items in turn)`,
      paths: items.slice(0, 1).map((item) => item.page),
      memberPaths: items.map((item) => item.page),
    },
  ];
  const signedIn = { authorization: `Bearer ${await signIn(server.url)}` };
  for (const route of routes) {
    await load(server, route.paths, BROWSER);
    await load(server, route.memberPaths ?? route.paths, { ...BROWSER, ...signedIn });
  }
  const floors = new Map<string, number>();
  for (const route of routes) floors.set(route.name, await renderFloors(server, route, signedIn));
  const results = await measureRounds(server, routes, signedIn);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
  report(routes, results, floors);
} finally {
  await server.stop();
}
