import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastMailCode } from './testing/mail-catcher.ts';
import { buildWebAppIfNeeded, killLeftovers, startServer } from './testing/process.ts';

/**
 * A production start (SEED_DEMO_DATA=false) on a fresh data folder: reference data is there, no demo
 * accounts, a person can register and sign in, and the administrator from the settings signs in.
 */
buildWebAppIfNeeded();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-production-'));
afterAll(async () => {
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

const ADMIN = { email: 'owner@shop.example', password: 'Only-The-Owner-Knows-7' };

async function api(address: string, method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const response = await fetch(`${address}/api/v1${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: Record<string, unknown> },
  };
}

const login = (address: string, email: string, password: string) =>
  api(address, 'POST', '/auth/login', { user_email: email, user_password: password, privacy: 'on' });

describe('a production start without demo data', { timeout: 120_000 }, () => {
  it('has the reference data, lets a person register and sign in, and the configured admin sign in', async () => {
    const server = startServer(dataDir, {
      SEED_DEMO_DATA: 'false',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    });
    const address = await server.listening;
    expect(server.output()).not.toContain(ADMIN.password);

    const categories = await api(address, 'GET', '/categories');
    expect((categories.body.data.items as unknown[]).length).toBeGreaterThan(0);
    expect((await login(address, 'user01@souk.test', 'souk-demo-2026')).status).not.toBe(200);

    const person = { user_email: 'first.customer@example.com', user_password: 'A-new-customer-9' };
    const registered = await api(address, 'POST', '/auth/register', {
      user_name: 'First Customer',
      ...person,
      confirm_password: person.user_password,
      privacy: 'on',
    });
    expect(registered.status, registered.body.message).toBe(200);
    const code = await lastMailCode(path.join(dataDir, 'outbox'), person.user_email);
    const verified = await api(address, 'POST', '/auth/verify-email', {
      user_email: person.user_email,
      code,
      registration_token: registered.body.data.registration_token,
    });
    expect(verified.status, verified.body.message).toBe(200);
    expect((await login(address, person.user_email, person.user_password)).status).toBe(200);

    const admin = await login(address, ADMIN.email, ADMIN.password);
    expect(admin.status, admin.body.message).toBe(200);
    const session = await api(address, 'GET', '/auth/session', undefined, admin.body.data.token as string);
    expect(session.body.data).toMatchObject({ is_admin: true });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('keeps the admin on a restart and never prints the password', async () => {
    const server = startServer(dataDir, { SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password });
    const address = await server.listening;
    expect((await login(address, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect(server.output()).not.toContain(ADMIN.password);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with only one of SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD', async () => {
    const server = startServer(dataDir, { SEED_ADMIN_EMAIL: ADMIN.email });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SEED_ADMIN_PASSWORD is not set');
  });
});
