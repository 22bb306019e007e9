import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import {
  BAD_TEXT,
  badJsonBodies,
  brokenBodies,
  containsNul,
  FORGED_CURSORS,
  type RawBody,
  SOME_BAD_TEXT,
  satisfies,
} from './testing/bad-input.ts';
import { useTestApp } from './testing/use-test-app.ts';

/**
 * The bad-input suite: every operation of the OpenAPI document and every page form of the built web app gets
 * malformed input (wrong types, missing and extra fields, huge and control-character strings, forged cursors,
 * out-of-range numbers, wrong content types, broken multipart), as a visitor and as a signed-in user. No
 * answer may be a 5xx, every API 4xx must be the error envelope, and no table may change. Operations added
 * later are covered because the suite reads the document and the web app's route table.
 *
 * Never sent: valid requests (they may change data), commands without input as a signed-in user (logout,
 * deactivation: there is nothing to malform, and running them would end the session the suite relies on).
 */

type Probe = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};
type Operation = {
  method: string;
  path: string;
  tags: string[];
  parameters: Parameter[];
  body?: Record<string, unknown>;
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: { type?: string; enum?: string[] } };

/** Tables whose rows change on any request: a session's expiry moves on every request that shows it. */
const CHANGING_TABLES = new Set(['sessions']);

const test = useTestApp({ web: true, users: [3], admin: true });
const { app } = test;
let pool: pg.Pool;
let token: string;
let adminToken: string;

beforeAll(() => {
  pool = test.database.pool;
  token = test.token(3);
  adminToken = test.adminToken;
});

it('answers every malformed request with a 4xx envelope, never a 5xx, and changes nothing', async () => {
  const before = await tableChecksums();
  const probes = [...apiProbes(operations()), ...(await pageProbes()), ...headerProbes()];
  console.log(`bad-input: sending ${probes.length} requests`);
  const tally = await sendAll(probes);
  const after = await tableChecksums();

  const share = (count: number) => `${((count / tally.sent) * 100).toFixed(1)}%`;
  console.log(
    `bad-input: ${tally.sent} requests, ${tally.serverErrors.length} answered 5xx ` +
      `(${share(tally.tooMany)} answered 429, ${tally.noEnvelope.length} API 4xx without the envelope)`,
  );
  expect([...new Set(tally.serverErrors)].slice(0, 40)).toEqual([]);
  expect([...new Set(tally.noEnvelope)].slice(0, 20)).toEqual([]);
  expect(changedTables(before, after)).toEqual([]);
  // Rate limits must not hide the validation this suite is about.
  expect(tally.tooMany / tally.sent).toBeLessThan(0.02);
}, 600_000);

function operations(): Operation[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: route.startsWith('/') ? route : `/${route}`,
      tags: (operation.tags as string[] | undefined) ?? [],
      parameters: (operation.parameters as Parameter[] | undefined) ?? [],
      body: (operation.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> } | undefined)
        ?.content?.['application/json']?.schema,
    })),
  );
}

/** A value the parameter accepts, so each probe has exactly one thing wrong. */
function sampleValue(parameter: Parameter) {
  if (parameter.schema?.enum) return parameter.schema.enum[0] as string;
  if (parameter.schema?.type === 'integer') return '1';
  return parameter.name === 'userId' ? 'demo-user-01' : 'x';
}

/**
 * Every probe goes as a visitor, and as a signed-in user too where being signed in matters: writes and the
 * accounts operations. Public reads get a third of their probes signed in (same validation, shorter run).
 * Commands without input (logout, deactivate) go as a visitor only: see the note at the top.
 */
function apiProbes(list: Operation[]): Probe[] {
  return list.flatMap((operation) => {
    const probes = operationProbes(operation);
    if (isInputless(operation)) return probes;
    const readsViewer =
      operation.method !== 'GET' || operation.tags.some((tag) => tag === 'accounts' || tag === 'admin');
    const asMember = probes.filter((_probe, index) => readsViewer || index % 3 === 0).map(signedIn);
    // The console's operations get past the role check only for an administrator: probe them as one too. A
    // command without a body ignores any body it is sent, so for an administrator that probe is a valid command.
    const operatorProbes = operation.body || operation.method === 'GET' ? probes : operationProbes(operation, false);
    const asOperator = operation.tags.includes('admin') ? operatorProbes.map(asAdmin) : [];
    return [...probes, ...asMember, ...asOperator];
  });
}

function operationProbes(operation: Operation, withBodies = true): Probe[] {
  const label = `${operation.method} ${operation.path}`;
  const pathWith = pathFiller(operation);
  const probes = [...pathProbes(operation, label, pathWith), ...queryProbes(operation, label, pathWith)];
  if (operation.method !== 'GET' && withBodies) probes.push(...bodyProbes(operation, label, pathWith()));
  return probes.map((probe) => ({ method: operation.method, ...probe }));
}

/** The operation's path, each parameter a valid sample but the one named, which gets `value`. */
type PathWith = (name?: string, value?: string) => string;

function pathFiller(operation: Operation): PathWith {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  return (name, value) =>
    pathParams.reduce(
      (url, parameter) =>
        url.replace(
          `{${parameter.name}}`,
          encodeSegment(parameter.name === name ? (value ?? '') : sampleValue(parameter)),
        ),
      operation.path,
    );
}

function pathProbes(operation: Operation, label: string, pathWith: PathWith): Omit<Probe, 'method'>[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .flatMap((parameter) =>
      BAD_TEXT.map((value) => ({ label: `${label} path ${parameter.name}`, url: pathWith(parameter.name, value) })),
    );
}

function queryProbes(operation: Operation, label: string, pathWith: PathWith): Omit<Probe, 'method'>[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const values = parameter.name === 'cursor' ? [...SOME_BAD_TEXT, ...FORGED_CURSORS] : SOME_BAD_TEXT;
      const badValues = values.map((value) => ({
        label: `${label} ?${parameter.name}`,
        url: `${pathWith()}?${new URLSearchParams({ [parameter.name]: value })}`,
      }));
      const twice = {
        label: `${label} ?${parameter.name} twice`,
        url: `${pathWith()}?${parameter.name}=1&${parameter.name}=2`,
      };
      return [...badValues, twice];
    });
}

/** JSON bodies the schema refuses (or that hold NUL), then bodies broken as a whole (brokenBodies). */
function bodyProbes(operation: Operation, label: string, url: string): Omit<Probe, 'method'>[] {
  const schema = operation.body;
  const refusedJson = schema
    ? badJsonBodies(schema).filter((body) => !satisfies(schema, body) || containsNul(body))
    : [];
  const jsonProbes = refusedJson.map((body) => ({
    label: `${label} body`,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  }));
  const fields = Object.keys((schema?.properties as object | undefined) ?? {});
  return [
    ...jsonProbes,
    ...brokenBodies(fields[0] ?? 'file').map((body) => rawProbe(`${label} ${body.label}`, url, body)),
  ];
}

/** Percent-encodes a path segment; a lone surrogate becomes its (invalid) UTF-8 bytes, as a raw client could send. */
function encodeSegment(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const isInputless = (operation: Operation) =>
  operation.method === 'POST' && !operation.body && operation.parameters.length === 0;

function rawProbe(label: string, url: string, body: RawBody): Omit<Probe, 'method'> {
  return { label, url, headers: body.contentType ? { 'content-type': body.contentType } : {}, payload: body.payload };
}

const signedIn = (probe: Probe): Probe => ({
  ...probe,
  label: `${probe.label} (signed in)`,
  headers: { ...probe.headers, authorization: `Bearer ${token}` },
});

const asAdmin = (probe: Probe): Probe => ({
  ...probe,
  label: `${probe.label} (administrator)`,
  headers: { ...probe.headers, authorization: `Bearer ${adminToken}` },
});

/**
 * Page forms, by address: the intents each form knows, its fields, and `poison` fields that make it invalid
 * whatever else is sent. A form the build has that is missing here is still probed with generic fields.
 */
const PAGE_FORMS: Record<
  string,
  {
    intents: string[];
    fields: string[];
    poison: Record<string, string>;
    visitorOnly?: true;
    /** Where the form is posted, its parameters filled: a literal ":id" would stop every probe at a 404. */
    url?: string;
  }
> = {
  '/login': { intents: [''], fields: ['user_email', 'user_password', 'privacy'], poison: { privacy: 'no' } },
  '/register': {
    intents: [''],
    fields: ['user_name', 'user_email', 'user_password', 'confirm_password', 'user_phone', 'privacy'],
    poison: { privacy: 'no' },
  },
  '/forgotpassword': {
    intents: ['', 'reset'],
    fields: ['user_email', 'code', 'password', 'confirm_password'],
    poison: { user_email: 'not-an-address' },
  },
  '/verify-email': { intents: ['', 'resend'], fields: ['code', 'user_email'], poison: { code: 'abc' } },
  '/verify-code': { intents: ['', 'resend'], fields: ['code', 'user_phone'], poison: { code: 'abc' } },
  '/login/phone': {
    intents: [''],
    fields: ['user_name', 'user_phone', 'country', 'code'],
    poison: { user_phone: 'not-a-phone' },
  },
  '/contact': { intents: [''], fields: ['name', 'email', 'phone', 'message'], poison: { email: 'not-an-address' } },
  '/edit-profile': {
    intents: ['', 'photo', 'phoneSend', 'phoneVerify', 'emailSend', 'emailVerify', 'emailResend', 'emailKeep'],
    fields: ['user_name', 'user_email', 'user_about_me', 'user_address', 'city', 'user_phone', 'code', 'kind', 'file'],
    poison: { user_name: '', user_email: 'not-an-address', user_phone: 'not-a-phone', code: 'abc' },
  },
  '/profile': {
    intents: ['', 'password', 'settings'],
    fields: ['current_password', 'password', 'confirm_password', 'show_profile_on_items', 'show_notifications'],
    poison: { confirm_password: '', show_notifications: 'maybe' },
  },
  '/logout': { intents: [''], fields: ['redirect'], poison: {}, visitorOnly: true },
  '/auth/social': { intents: [''], fields: ['provider'], poison: { provider: 'nobody' } },
  '/profile/badges': {
    intents: ['blue_mark', 'dealership', 'cancel'],
    fields: ['note', 'kind', 'file'],
    poison: { note: '' },
  },
  '/admin/users/:userId': {
    url: '/admin/users/demo-user-02',
    intents: [''],
    fields: ['action'],
    poison: { action: 'explode' },
  },
  '/admin/applications': {
    intents: [''],
    fields: ['application_id', 'decision', 'reason'],
    poison: { application_id: '0' },
  },
  '/admin/categories/:catId': {
    url: '/admin/categories/1',
    intents: ['save', 'picture', 'remove-picture'],
    fields: ['names.ar', 'names.en', 'cat_ordering', 'is_published', 'is_vehicle', 'icon', 'slot', 'file'],
    poison: { 'names.ar': '', slot: 'banner' },
  },
  '/admin/categories/lists/:kind/:entryId': {
    url: '/admin/categories/lists/townships/new?parent=1',
    intents: [''],
    fields: ['names.ar', 'names.en', 'ordering', 'is_published', 'parent_id', 'lat', 'lng'],
    poison: { 'names.ar': '', lat: '91' },
  },
  '/admin/reports': {
    intents: ['', 'dismiss-listing', 'dismiss-reporter', 'uphold', 'ban-owner'],
    fields: ['target', 'reason'],
    poison: {},
  },
  '/admin/content/blog/:blogId': {
    url: '/admin/content/blog/new',
    intents: ['save', 'photo', 'delete'],
    fields: ['language', 'title', 'body', 'is_published', 'file'],
    poison: { language: 'xx' },
  },
  '/admin/content/pages/:kind': {
    url: '/admin/content/pages/about',
    intents: [''],
    fields: ['language', 'title', 'body'],
    poison: { language: 'xx' },
  },
  '/admin/reviews': { intents: [''], fields: ['review_id', 'hidden'], poison: { hidden: 'maybe' } },
  '/admin/content': { intents: ['broadcast'], fields: ['title', 'message'], poison: { title: '' } },
  '/admin/content/collections/:collectionId': {
    url: '/admin/content/collections/new',
    intents: ['save', 'add', 'remove', 'delete'],
    fields: ['names.ar', 'names.en', 'ordering', 'is_published', 'item', 'item_id'],
    poison: { 'names.ar': '', item: 'not a listing', item_id: 'x' },
  },
  '/admin/content/banners/:bannerId': {
    url: '/admin/content/banners/new',
    intents: ['save', 'picture', 'delete'],
    fields: ['titles.ar', 'titles.en', 'link', 'ordering', 'is_published', 'file'],
    poison: { 'titles.ar': '' },
  },
  '/admin/payments/coupons/:couponId': {
    url: '/admin/payments/coupons/new',
    intents: [''],
    fields: ['code', 'kind', 'discount_percent', 'discount_amount', 'currency', 'valid_from', 'valid_until'],
    poison: { code: '' },
  },
  '/admin/payments/offline-methods/:methodId': {
    url: '/admin/payments/offline-methods/new',
    intents: [''],
    fields: ['titles.ar', 'titles.en', 'descriptions.ar', 'descriptions.en', 'icon', 'ordering', 'is_published'],
    poison: { 'titles.ar': '' },
  },
  '/admin/settings': {
    intents: [''],
    fields: ['reports_per_day', 'lat', 'default_country', 'contact_email', 'version_no'],
    poison: { reports_per_day: '-1' },
  },
  '/admin/search-words': { intents: [''], fields: ['groups'], poison: {} },
};

/** Values for a form field: no empty or number-like text, which some fields accept (a local phone number). */
const FORM_VALUES = SOME_BAD_TEXT.filter(
  (value) => value.trim() !== '' && !/^[-+\d.ex]+$|^NaN$|^Infinity$/.test(value),
);

type BuiltRoute = { path?: string; index?: boolean; parentId?: string; module: { action?: unknown } };

async function builtRoutes() {
  const build = await import(pathToFileURL(path.resolve('build/server/index.js')).href);
  const routes = build.routes as Record<string, BuiltRoute>;
  const address = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return '';
    const parent = address(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
  };
  return Object.entries(routes).map(([id, route]) => ({
    address: address(id) || '/',
    hasAction: Boolean(route.module.action),
  }));
}

async function pageProbes(): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const route of await builtRoutes()) {
    if (route.address.includes('*')) continue;
    const operatorPage = route.address.startsWith('/admin');
    const loaderProbes = pageLoaderProbes(route.address);
    probes.push(...loaderProbes, ...(operatorPage ? loaderProbes.map(asAdmin) : []));
    if (!route.hasAction) continue;
    const form = PAGE_FORMS[route.address] ?? { intents: [''], fields: ['name', 'value'], poison: {} };
    const formProbes = pageFormProbes(route.address, form);
    probes.push(...formProbes, ...(form.visitorOnly ? [] : formProbes.map(signedIn)));
    if (operatorPage) probes.push(...formProbes.map(asAdmin));
  }
  return probes;
}

function pageLoaderProbes(address: string): Probe[] {
  const segments = address.split('/').filter((segment) => segment.startsWith(':'));
  const probes: Probe[] = [];
  for (const value of [...SOME_BAD_TEXT, '0', '99999999999', '1e3', '00001', '%00', '..']) {
    if (segments.length > 0) {
      const url = address.replace(/:[A-Za-z]+/g, encodeSegment(value) || 'x');
      probes.push({ label: `page ${address} with ${JSON.stringify(value.slice(0, 20))}`, method: 'GET', url });
    }
  }
  const plain = address.replace(/:[A-Za-z]+/g, '1');
  const names = ['lang', 'redirect', 'searchterm', 'offset', 'error', 'params', 'query', 'name'];
  // One odd value per query parameter, a different one each: every page renders, so this stays small.
  names.forEach((name, index) => {
    const value = SOME_BAD_TEXT[index % SOME_BAD_TEXT.length] as string;
    probes.push({
      label: `page ${address} ?${name}`,
      method: 'GET',
      url: `${plain}?${new URLSearchParams({ [name]: value })}`,
    });
  });
  return probes.flatMap((probe) => [probe, signedIn(probe)]);
}

function pageFormProbes(address: string, form: (typeof PAGE_FORMS)[string]): Probe[] {
  const probes: Probe[] = [];
  const url = form.url ?? address;
  const post = (label: string, body: RawBody) => probes.push({ method: 'POST', ...rawProbe(label, url, body) });
  for (const intent of form.intents) {
    const base = { ...form.poison, ...(intent ? { intent } : {}) };
    for (const field of form.fields) {
      for (const value of FORM_VALUES) {
        const fields = { ...base, [field]: value, unexpected_field: 'x' };
        if (field in form.poison) continue;
        post(`form ${address} ${intent} ${field}`, {
          label: 'form',
          contentType: 'application/x-www-form-urlencoded',
          payload: new URLSearchParams(fields).toString(),
        });
      }
    }
  }
  for (const body of brokenBodies(form.fields[0] ?? 'name', form.poison)) post(`form ${address} ${body.label}`, body);
  return probes;
}

/** Malformed credentials and cookies on the requests that read them. */
function headerProbes(): Probe[] {
  const values: Array<Record<string, string>> = [
    { authorization: `Bearer ${'x'.repeat(5000)}` },
    { authorization: 'Bearer a.b.c' },
    { authorization: 'Basic Og==' },
    { authorization: 'Bearer ' },
    { cookie: 'souk.session_token=a%00b' },
    { cookie: `souk.session_token=${'%'.repeat(3000)}` },
    { cookie: 'lang=%00; souk_flash=%ff%fe; souk_pending_email=!!!; souk_pending_phone=e30' },
    { 'accept-language': `${'x;q=2,'.repeat(500)}` },
    { 'x-forwarded-host': 'evil.example/path' },
  ];
  return ['/api/v1/auth/session', '/api/v1/users/me', '/', '/profile', '/verify-email', '/verify-code'].flatMap((url) =>
    values.map((headers) => ({ label: `headers ${url} ${Object.keys(headers)[0]}`, method: 'GET', url, headers })),
  );
}

async function sendAll(probes: Probe[]) {
  const tally = { sent: 0, tooMany: 0, serverErrors: [] as string[], noEnvelope: [] as string[] };
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next] as Probe;
      next += 1;
      const response = await app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: probe.headers,
        payload: probe.payload,
        // Each probe comes from its own address, so limits per address do not turn validation into 429s.
        remoteAddress: `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
      });
      tally.sent += 1;
      if (response.statusCode === 429) tally.tooMany += 1;
      const line = `${response.statusCode} ${probe.label}`;
      if (response.statusCode >= 500) tally.serverErrors.push(line);
      else if (response.statusCode >= 400 && expectsEnvelope(probe) && !isEnvelope(response.body)) {
        tally.noEnvelope.push(line);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return tally;
}

/** API answers carry the envelope; HEAD answers carry no body at all. */
const expectsEnvelope = (probe: Probe) => probe.url.startsWith('/api/') && probe.method !== 'HEAD';

function isEnvelope(body: string) {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    return (
      typeof value.code === 'number' &&
      value.status === 'error' &&
      typeof value.message === 'string' &&
      value.message.length > 0 &&
      'data' in value
    );
  } catch {
    return false;
  }
}

async function tableChecksums() {
  const { rows } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums = new Map<string, string>();
  for (const { name } of rows) {
    if (CHANGING_TABLES.has(name)) continue;
    const result = await pool.query<{ sum: string }>(
      `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from "${name}" t`,
    );
    sums.set(name, result.rows[0]?.sum ?? '');
  }
  return sums;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after.keys()].filter((name) => before.get(name) !== after.get(name));
