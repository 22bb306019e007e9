/**
 * Issue 21: the item page at a million listings against the same page with the demo data, side by side in one
 * run. Two servers, both without the visitor cache (every page rendered): the demo data in a new folder, and the
 * generated dataset (`npm run bench:dataset` first), which holds the demo seed too. The demo items' pages are
 * measured on both, so the pages are the same and only the database's size differs; the dataset's own items are a
 * third row. In interleaved rounds, each server's /healthz and then the pages, one server under load at a time;
 * each figure is a share of that server's own /healthz.
 *
 *   npm run bench:item-scale    DATASET_ITEMS (1,000,000) or DATASET_DIR; BENCH_ROUNDS=5 BENCH_SECONDS=3
 *                               BENCH_CONNECTIONS=10 BENCH_ITEMS=120 demo items rotated over
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { DEFAULT_ITEMS, datasetDir, readDatasetInfo } from './dataset-info.ts';
import { datasetItemPages, demoItems } from './items.ts';
import { type BenchServer, median, startServer } from './server.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const datasetItems = Number(process.env.DATASET_ITEMS ?? DEFAULT_ITEMS);
/** As bench:search gives the large dataset's PostgreSQL (the demo keeps the default 128 MB). */
const LARGE_SHARED_BUFFERS = '1GB';

interface Side {
  name: string;
  server: BenchServer;
  pages: string[];
  shares: number[];
  cpu: number[];
  p99: number[];
}

async function load(server: BenchServer, paths: string[]) {
  let next = 0;
  const before = await server.cpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [{ setupRequest: (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const after = await server.cpuMs();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = before === undefined || after === undefined ? Number.NaN : (after - before) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpu };
}

async function measure(sides: Side[]) {
  for (const side of sides) {
    await load(side.server, ['/healthz']);
    await load(side.server, side.pages);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      const base = await load(side.server, ['/healthz']);
      const pages = await load(side.server, side.pages);
      side.shares.push(pages.rps / base.rps);
      side.cpu.push(pages.cpu);
      side.p99.push(pages.p99);
    }
    console.log(`round ${round}/${rounds} done (load average ${os.loadavg()[0]?.toFixed(1)})`);
  }
}

async function main() {
  const dir = datasetDir(datasetItems);
  const info = await readDatasetInfo(dir);
  if (!info) throw new Error(`no dataset in ${dir}: run npm run bench:dataset first`);
  console.log(`Starting a server on the demo data and one on ${info.items.toLocaleString('en')} listings ...`);
  const demo = await startServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  const large = await startServer({
    dataDir: dir,
    readyTimeoutMs: 45 * 60_000,
    env: { PAGE_CACHE_SECONDS: '0', EMBEDDED_PG_SHARED_BUFFERS: LARGE_SHARED_BUFFERS },
  });
  try {
    const listings = `${info.items.toLocaleString('en')} listings`;
    const sides: Side[] = [
      { name: 'demo data, demo items', server: demo, pages: (await demoItems(demo.url)).map((item) => item.page) },
      { name: `${listings}, demo items`, server: large, pages: (await demoItems(large.url)).map((item) => item.page) },
      { name: `${listings}, generated items`, server: large, pages: await datasetItemPages(large.url, info) },
    ].map((side) => ({ ...side, shares: [], cpu: [], p99: [] }));
    const loadBefore = os.loadavg()[0] ?? 0;
    await measure(sides);
    report(sides, loadBefore);
  } finally {
    await Promise.all([demo.stop(), large.stop()]);
  }
}

function report(sides: Side[], loadBefore: number) {
  const fixed = (value: number, digits: number) => value.toFixed(digits);
  console.log(
    `\n${connections} connections, ${seconds} s per route, ${rounds} interleaved rounds; medians (min-max); ` +
      `load average ${fixed(loadBefore, 1)} -> ${fixed(os.loadavg()[0] ?? 0, 1)}\n`,
  );
  console.log('| item pages | pages | share of its /healthz | p99 ms | CPU ms/page |');
  console.log('|---|---:|---:|---:|---:|');
  for (const side of sides) {
    const range = `${fixed(Math.min(...side.shares), 4)}-${fixed(Math.max(...side.shares), 4)}`;
    console.log(
      `| ${side.name} | ${side.pages.length} | ${fixed(median(side.shares), 4)} (${range}) | ` +
        `${median(side.p99)} | ${fixed(median(side.cpu), 2)} |`,
    );
  }
  const [small, big, generated] = sides.map((side) => median(side.shares));
  const verdict = (big ?? 0) >= (small ?? 0) ? 'met' : 'MISSED';
  console.log(`\nthe same pages, large / demo share: ${fixed((big ?? 0) / (small ?? 1), 2)} (target >= 1: ${verdict})`);
  console.log(`generated / demo pages at the large size: ${fixed((generated ?? 0) / (big ?? 1), 2)}`);
}

await main();
