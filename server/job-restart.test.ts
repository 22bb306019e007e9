import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher } from './testing/mail-catcher.ts';
import { buildWebAppIfNeeded, killLeftovers, startServer } from './testing/process.ts';

/**
 * Mail is a durable job: once a request has queued it, a crash of the process does not lose it. The mail
 * server refuses the first attempt, so the job waits in PostgreSQL for its retry; the process is then killed
 * with SIGKILL, and the next start on the same data folder delivers the message.
 */
buildWebAppIfNeeded();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-job-restart-'));
afterAll(async () => {
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function post(address: string, url: string, body: unknown) {
  const response = await fetch(`${address}/api/v1${url}?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: Record<string, string> },
  };
}

const untilLogged = (server: ReturnType<typeof startServer>, text: string) =>
  vi.waitFor(
    () => {
      if (!server.output().includes(text)) throw new Error(`not logged yet: ${text}`);
    },
    { timeout: 60_000, interval: 50 },
  );

describe('a killed process', { timeout: 180_000 }, () => {
  it('loses no queued mail: the next start sends the registration code', async () => {
    const mail = await startMailCatcher();
    mail.refuse(true);
    const env = { SMTP_URL: mail.url };
    const email = 'after.the.crash@example.com';

    const crashing = startServer(dataDir, env);
    const registered = await post(await crashing.listening, '/auth/register', {
      user_name: 'After Crash',
      user_email: email,
      user_password: 'Survives-a-kill-9',
      confirm_password: 'Survives-a-kill-9',
      privacy: 'on',
    });
    expect(registered.status, registered.body.message).toBe(200);
    await untilLogged(crashing, 'a job failed; it will be retried');
    crashing.child.kill('SIGKILL');
    await crashing.exited;
    expect(await mail.all()).toEqual([]);

    mail.refuse(false);
    const restarted = startServer(dataDir, env);
    const address = await restarted.listening;
    await vi.waitFor(
      async () => {
        if ((await mail.sentTo(email)).length === 0) throw new Error('the code mail has not arrived');
      },
      { timeout: 90_000, interval: 100 },
    );
    const verified = await post(address, '/auth/verify-email', {
      user_email: email,
      code: await mail.lastCode(email),
      registration_token: registered.body.data.registration_token,
    });
    expect(verified.status, verified.body.message).toBe(200);
    expect(await mail.sentTo(email)).toHaveLength(1);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
