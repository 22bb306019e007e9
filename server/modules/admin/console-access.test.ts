import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24: the console is for administrators only. Its operations and pages are read from the route tables
 * (the OpenAPI document and the web build), so one added later is covered without being named here: a member
 * gets 403 from each, a visitor 401 (API) or the sign-in page (pages).
 */

const test = useTestApp({ web: true, users: [4] });
const { app } = test;

type Operation = { method: string; url: string };

/** Every /admin operation of the API, each path parameter filled with a value of its type. */
function consoleOperations(): Operation[] {
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema?: Schema }> }>>;
  };
  return Object.entries(document.paths)
    .filter(([route]) => route.startsWith('/api/v1/admin'))
    .flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .reduce((url, parameter) => url.replace(`{${parameter.name}}`, sampleOf(parameter.schema)), route),
      })),
    );
}

type Schema = { type?: string; enum?: string[] };
const sampleOf = (schema: Schema | undefined) =>
  schema?.enum?.[0] ?? (schema?.type === 'integer' ? '1' : 'demo-user-02');

/** Every page of the web build under /admin, with its parameters filled. */
async function consolePages(): Promise<string[]> {
  const build = await import(pathToFileURL(path.resolve('build/server/index.js')).href);
  const routes = build.routes as Record<string, { path?: string; parentId?: string }>;
  const address = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return '';
    const parent = address(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
  };
  return Object.keys(routes)
    .map((id) => address(id))
    .filter((page) => page.startsWith('/admin'))
    .map((page) => page.replace(/:[A-Za-z]+/g, 'demo-user-02'));
}

it('refuses every console operation to a member (403) and to a visitor (401)', async () => {
  const operations = consoleOperations();
  expect(operations.length).toBeGreaterThanOrEqual(10);
  for (const { method, url } of operations) {
    const asMember = await app.inject({
      method: method as 'GET',
      url: `${url}?lang=en`,
      headers: { authorization: `Bearer ${test.token(4)}` },
    });
    expect(asMember.statusCode, `${method} ${url} as a member`).toBe(403);
    const asVisitor = await app.inject({ method: method as 'GET', url: `${url}?lang=en` });
    expect(asVisitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
  }
});

it('refuses every console page and form to a member (403) and sends a visitor to sign in', async () => {
  const pages = await consolePages();
  expect(pages).toEqual(expect.arrayContaining(['/admin', '/admin/users', '/admin/settings', '/admin/audit']));
  const member = { authorization: `Bearer ${test.token(4)}` };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  for (const page of pages) {
    expect((await app.inject({ url: page, headers: member })).statusCode, `${page} as a member`).toBe(403);
    const posted = await app.inject({ method: 'POST', url: page, headers: { ...member, ...form }, payload: 'a=1' });
    expect([403, 405], `POST ${page} as a member`).toContain(posted.statusCode);
    const visitor = await app.inject({ url: page });
    expect(visitor.statusCode, `${page} as a visitor`).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login\?/);
  }
});
