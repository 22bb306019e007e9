/**
 * Lighthouse mobile performance (its default: a mid-range phone on a slow 4G link, simulated) of the pages
 * with a target, in the system Chromium. Several runs per page; the table gives the medians. Starts its
 * own server like run.ts (BENCH_URL to measure a running one). Scores move with the machine's load:
 * measure on an idle machine.
 *
 *   npm run bench:lighthouse     LIGHTHOUSE_RUNS=3, CHROMIUM_PATH=/usr/bin/chromium; LIGHTHOUSE_REPORTS=<folder>
 *                                keeps each run's full JSON report there
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { median, startServer } from './server.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportFolder = process.env.LIGHTHOUSE_REPORTS;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/login'];
const TARGET_SCORE = 90;

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
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

async function audit(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
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
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet?.slice(0, 80) ?? ''}`.trim() : 'unknown',
  };
}

interface NodeDetails {
  type: 'node';
  selector?: string;
  snippet?: string;
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

const server = await startServer();
const chromium = await startChromium();
try {
  console.log(`\nLighthouse ${runs} runs per page, mobile (default config); medians\n`);
  console.log('| page | score | FCP ms | LCP ms | TBT ms | CLS | LCP element | target |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const page of PAGES) {
    const results: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(`${server.url}${page}`, chromium.port));
    const mid = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') => median(results.map((result) => result[key]));
    const score = mid('score');
    console.log(
      `| ${page} | ${score} (${results.map((result) => result.score).join(', ')}) | ${mid('fcp').toFixed(0)} | ` +
        `${mid('lcp').toFixed(0)} | ${mid('tbt').toFixed(0)} | ${mid('cls').toFixed(3)} | ` +
        `\`${results[0]?.lcpElement.replaceAll('|', '/')}\` | >= ${TARGET_SCORE}: ${score >= TARGET_SCORE ? 'met' : 'MISSED'} |`,
    );
  }
} finally {
  await chromium.stop();
  await server.stop();
}
