import { beforeAll } from 'vitest';
import type { Clock } from '../kernel/clock.ts';
import { apiCalls } from './api-calls.ts';
import { createTestApp } from './app.ts';
import { SEED_CREDENTIALS } from './global-setup.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type ApiCalls = ReturnType<typeof apiCalls>;

export interface TestAppOptions {
  /** Configuration on top of the test defaults; a function when it needs something an earlier beforeAll started. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Serve the web pages too (they need `npm run build` first). */
  web?: boolean;
  /** Listen on a free port (for WebSockets): its address is `baseUrl`. */
  listen?: boolean;
  /** Demo users to sign in, by number (3 is user03@souk.test): their tokens are `token(3)`. */
  users?: number[];
  /** Sign the seeded admin in: `adminToken`. */
  admin?: boolean;
  /** Where the app's calendar rules read "now" (a ManualClock the test moves). */
  clock?: Clock;
}

interface Started extends TestApp {
  calls: ApiCalls;
  baseUrl: string | undefined;
  tokens: Map<number, string>;
  adminToken: string | undefined;
}

/** The seeded demo account with that number: 3 is user03@souk.test (id demo-user-03). */
const demoUserEmail = (n: number) => `user${String(n).padStart(2, '0')}@souk.test`;

/**
 * The app of a test file, created in a `beforeAll` (with the users it names signed in) and closed when the
 * file ends. Called at the top of the file (or of a describe); the tests then use what it returns. `app`,
 * `db`, `database`, `config` and `jobs` stand for the app's own objects once it exists, and the functions
 * look it up when called, so all of them can be taken apart right away (`const { app, db, call } = useTestApp()`);
 * `adminToken` and `baseUrl` are read when needed (`test.adminToken`). Using any before the app exists throws.
 */
export function useTestApp(options: TestAppOptions = {}) {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await start(options);
  });
  const current = (what: string) => {
    if (started) return started;
    throw new Error(
      `useTestApp: ${what} was used before the app exists; use it in a test, or in a beforeAll registered after useTestApp()`,
    );
  };
  return {
    app: lateBound(() => current('app').app),
    db: lateBound(() => current('db').database.db),
    database: lateBound(() => current('database').database),
    config: lateBound(() => current('config').config),
    jobs: lateBound(() => current('jobs').jobs),
    jobsDone: () => current('jobsDone()').jobsDone(),
    call: (...args: Parameters<ApiCalls['call']>) => current('call()').calls.call(...args),
    signIn: (...args: Parameters<ApiCalls['signIn']>) => current('signIn()').calls.signIn(...args),
    token: (n: number) => signedIn(current(`token(${n})`).tokens.get(n), `user ${n}: add it to useTestApp({ users })`),
    get adminToken() {
      return signedIn(current('adminToken').adminToken, 'the admin: pass useTestApp({ admin: true })');
    },
    get baseUrl() {
      const { baseUrl } = current('baseUrl');
      if (baseUrl === undefined) throw new Error('useTestApp: baseUrl needs useTestApp({ listen: true })');
      return baseUrl;
    },
  };
}

async function start(options: TestAppOptions): Promise<Started> {
  const env = typeof options.env === 'function' ? options.env() : options.env;
  const test = await createTestApp(env, { web: options.web, ...(options.clock ? { clock: options.clock } : {}) });
  const calls = apiCalls(test.app);
  const baseUrl = options.listen ? await test.app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
  const tokens = new Map<number, string>();
  for (const n of options.users ?? []) tokens.set(n, await calls.signIn(demoUserEmail(n)));
  const adminToken = options.admin
    ? await calls.signIn(SEED_CREDENTIALS.adminEmail, SEED_CREDENTIALS.adminPassword)
    : undefined;
  return { ...test, calls, baseUrl, tokens, adminToken };
}

function signedIn(token: string | undefined, who: string) {
  if (token === undefined) throw new Error(`useTestApp: no token for ${who}`);
  return token;
}

/**
 * Stands for the object `get` answers once it exists, forwarding every use to it: the tests keep the plain
 * names (`db.select()`, `app.inject()`) although the object is made in a beforeAll, after they are declared.
 */
function lateBound<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(get(), key, value),
    has: (_, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(get(), key);
      // The stand-in has no properties of its own, so none it reports may be non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(get(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(get(), key),
  });
}
