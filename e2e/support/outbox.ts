import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The journeys' server writes mail and SMS here (no SMTP or SMS service); playwright.config.ts sets E2E_PORT. */
const OUTBOX = path.resolve(`data/e2e-${process.env.E2E_PORT}/outbox`);

async function latestCode(kind: 'mail' | 'sms', to: string): Promise<string | undefined> {
  const names = await readdir(OUTBOX).catch(() => [] as string[]);
  for (const name of names
    .filter((file) => file.includes(`-${kind}-`))
    .sort()
    .reverse()) {
    const message = JSON.parse(await readFile(path.join(OUTBOX, name), 'utf8')) as Record<string, string>;
    if (message.to !== to) continue;
    return `${message.subject ?? ''} ${message.text ?? message.body ?? ''}`.match(/\b\d{6}\b/)?.[0];
  }
  return undefined;
}

/** Waits for the code sent to `to` (an e-mail address or a phone number). */
export async function codeSentTo(kind: 'mail' | 'sms', to: string) {
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(kind, to)), { timeout: 10_000 }).toBeTruthy();
  return code as string;
}
