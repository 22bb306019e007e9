import { spawnSync } from 'node:child_process';
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

function adminCreate(args: string[], env: Record<string, string> = {}, input = '') {
  const result = spawnSync(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SOUK_ADMIN_PASSWORD: '', ...env },
    input,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
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

  it('npm run admin:create makes an administrator, the password from a variable or standard input, never echoed', async () => {
    const fromVariable = adminCreate(['--email', 'second.admin@shop.example'], {
      SOUK_ADMIN_PASSWORD: 'Second-Admin-Pass-3',
    });
    expect(fromVariable.status, fromVariable.output).toBe(0);
    expect(fromVariable.output).toContain('created as a new administrator account');
    expect(fromVariable.output).not.toContain('Second-Admin-Pass-3');
    const fromInput = adminCreate(['--email', 'third.admin@shop.example'], {}, 'Third-Admin-Pass-4\n');
    expect(fromInput.status, fromInput.output).toBe(0);
    expect(fromInput.output).not.toContain('Third-Admin-Pass-4');
    const promoted = adminCreate(['--email', 'first.customer@example.com']);
    expect(promoted.output).toContain('is now an administrator');
    expect(adminCreate(['--email', 'not-an-address']).status).toBe(1);

    const server = startServer(dataDir);
    const address = await server.listening;
    for (const [email, password] of [
      ['second.admin@shop.example', 'Second-Admin-Pass-3'],
      ['third.admin@shop.example', 'Third-Admin-Pass-4'],
      ['first.customer@example.com', 'A-new-customer-9'],
    ]) {
      const signedIn = await login(address, email as string, password as string);
      expect(signedIn.status, email).toBe(200);
      const session = await api(address, 'GET', '/auth/session', undefined, signedIn.body.data.token as string);
      expect(session.body.data, email).toMatchObject({ is_admin: true });
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with only one of SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD', async () => {
    const server = startServer(dataDir, { SEED_ADMIN_EMAIL: ADMIN.email });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SEED_ADMIN_PASSWORD is not set');
  });
});
