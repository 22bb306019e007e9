/**
 * Lighthouse mobile performance (its default: a mid-range phone on a slow 4G link, simulated) of the pages
 * with a target (/, /login, /item-list and the page of a demo item with photos), in the system Chromium.
 * Several runs per page; the table gives the medians, the largest-contentful-paint element and the load
 * average of the machine during the runs. Starts its own server like run.ts (BENCH_URL to measure a running
 * one). Scores move with the machine's load: measure on an idle machine (load average well under the cores).
 * They move with its CPU too: the CPU index column is Lighthouse's BenchmarkIndex, and its 4x slowdown only
 * stands for a mid-range phone on a desktop of 1000-2000 or more (Lighthouse's docs/throttling.md).
 *
 *   npm run bench:lighthouse     LIGHTHOUSE_RUNS=3, CHROMIUM_PATH=/usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder>
 *                                keeps each run's full JSON report there; LIGHTHOUSE_PAGES=/,/item-list picks
 *                                pages ("item" stands for the item page)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { demoItems } from './items.ts';
import { median, startServer } from './server.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportFolder = process.env.LIGHTHOUSE_REPORTS;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ITEM_PAGE = 'item';
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? `/,/login,/item-list,${ITEM_PAGE}`).split(',');
const TARGET_SCORE = 90;

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
  /** Lighthouse's BenchmarkIndex of the host: its default 4x slowdown assumes a desktop of 1000-2000 or more. */
  cpuIndex: number;
}

async function startChromium() {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-lighthouse-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await debuggingPort(child);
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.on('exit', resolve));
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** Chromium prints "DevTools listening on ws://127.0.0.1:PORT/..." once its debugging port is open. */
function debuggingPort(child: ChildProcess) {
  return new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output.slice(-500)}`)));
  });
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is tried again. */
async function audit(url: string, port: number, attempt = 1): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) {
    if (attempt < 3) return audit(url, port, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  if (reportFolder) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    await fs.writeFile(path.join(reportFolder, name), JSON.stringify(result.lhr));
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const lcpNode = findNode(audits['lcp-breakdown-insight']?.details);
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: lcpNode ? describeNode(lcpNode) : 'unknown',
    load: os.loadavg()[0] ?? Number.NaN,
    cpuIndex: result.lhr.environment.benchmarkIndex,
  };
}

interface NodeDetails {
  type: 'node';
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}

/**
 * A name a person can read: the tag, its test id (or a stable id; Radix's generated ones are left out), the
 * picture's file for an image, what it says (Lighthouse's label: the text or the alt) and whether it sits in
 * a dialog, e.g. `h1 "Everything you need, from people near you"` or `img /uploads/demo/cars-0.webp "Toyota (1/5)"`.
 */
function describeNode(node: NodeDetails) {
  const snippet = node.snippet ?? '';
  const tag = snippet.match(/^<([a-z0-9-]+)/i)?.[1] ?? node.selector?.split(/[\s>]+/).pop() ?? 'element';
  const attribute = (name: string) => snippet.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const id = attribute('id');
  const marker = attribute('data-testid') ?? (id && !id.startsWith('radix-') ? `#${id}` : undefined);
  const source = tag === 'img' ? attribute('src')?.replace(/^https?:\/\/[^/]+/, '') : undefined;
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  // Without text or alt, Lighthouse labels a node with its selector: where it sits says more.
  const isSelector = label.includes(' > ');
  const shortLabel = isSelector ? '' : label.length > 48 ? `${label.slice(0, 47)}…` : label;
  const place = isSelector ? `in ${label.split(' > ').slice(0, -1).join(' > ')}` : undefined;
  const inDialog = /radix-|role="dialog"|privacy-consent/.test(`${node.selector ?? ''} ${snippet}`);
  return [
    marker ? `${tag} ${marker}` : tag,
    source,
    shortLabel && `"${shortLabel}"`,
    place,
    inDialog ? '(in a dialog)' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The LCP breakdown insight names the element somewhere in its nested tables: the first node there. */
function findNode(details: unknown): NodeDetails | undefined {
  if (!details || typeof details !== 'object') return undefined;
  if ((details as { type?: unknown }).type === 'node') return details as NodeDetails;
  for (const value of Object.values(details)) {
    const node = findNode(value);
    if (node) return node;
  }
  return undefined;
}

/** The page of the first demo item a visitor may see that has photos (its first photo is its largest picture). */
async function itemPage(url: string) {
  const item = (await demoItems(url, 40)).find((candidate) => candidate.photos > 0);
  if (!item) throw new Error('no visible demo item has photos');
  return item.page;
}

/** The element of most runs (they may differ when two candidates are close in size). */
function mostCommon(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

const server = await startServer();
const chromium = await startChromium();
try {
  const pages = await Promise.all(PAGES.map(async (page) => (page === ITEM_PAGE ? await itemPage(server.url) : page)));
  console.log(`\nLighthouse ${runs} runs per page, mobile (default config); medians\n`);
  console.log('| page | score | FCP ms | LCP ms | TBT ms | CLS | LCP element | load avg | CPU index | target |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|---|');
  for (const page of pages) {
    const results: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(`${server.url}${page}`, chromium.port));
    const mid = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') => median(results.map((result) => result[key]));
    const score = mid('score');
    const loads = results.map((result) => result.load);
    const shownPage = page.startsWith('/item/') ? '/item/{itemName}' : page;
    console.log(
      `| ${shownPage} | ${score} (${results.map((result) => result.score).join(', ')}) | ${mid('fcp').toFixed(0)} | ` +
        `${mid('lcp').toFixed(0)} | ${mid('tbt').toFixed(0)} | ${mid('cls').toFixed(3)} | ` +
        `\`${mostCommon(results.map((result) => result.lcpElement)).replaceAll('|', '/')}\` | ` +
        `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} | ` +
        `${median(results.map((result) => result.cpuIndex)).toFixed(0)} | ` +
        `>= ${TARGET_SCORE}: ${score >= TARGET_SCORE ? 'met' : 'MISSED'} |`,
    );
  }
  const item = pages.find((page) => page.startsWith('/item/'));
  if (item) console.log(`\nItem page: ${decodeURIComponent(item)}`);
} finally {
  await chromium.stop();
  await server.stop();
}
