import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The journeys' server writes mail and SMS here (no SMTP or SMS service); playwright.config.ts sets E2E_PORT. */
const OUTBOX = path.resolve(`data/e2e-${process.env.E2E_PORT}/outbox`);
/** Messages from before this worker started belong to an earlier attempt of a retried journey. */
const WORKER_STARTED = Date.now();
/** Messages already handed to a journey: asking again waits for a newer one (a resent code). */
const handedOut = new Set<string>();

/** The code of the newest message to `to`, unless that one was handed out already or is older than this worker. */
async function newCode(kind: 'mail' | 'sms', to: string): Promise<string | undefined> {
  const names = await readdir(OUTBOX).catch(() => [] as string[]);
  for (const name of names
    .filter((file) => file.includes(`-${kind}-`))
    .sort()
    .reverse()) {
    const message = JSON.parse(await readFile(path.join(OUTBOX, name), 'utf8')) as Record<string, string>;
    if (message.to !== to) continue;
    if (handedOut.has(name) || Date.parse(message.sent_at ?? '') < WORKER_STARTED) return undefined;
    const code = `${message.subject ?? ''} ${message.text ?? message.body ?? ''}`.match(/\b\d{6}\b/)?.[0];
    if (code) handedOut.add(name);
    return code;
  }
  return undefined;
}

/**
 * Waits for the code sent to `to` (an e-mail address or a phone number). The server's job workers send it
 * a moment after the request that asked for it, so this polls until a message newer than the last one read
 * arrives.
 */
export async function codeSentTo(kind: 'mail' | 'sms', to: string) {
  let code: string | undefined;
  await expect.poll(async () => (code = await newCode(kind, to)), { timeout: 15_000 }).toBeTruthy();
  return code as string;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails sent to `to` since this worker started, oldest first. */
export async function mailsTo(to: string): Promise<SentMail[]> {
  const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((file) => file.includes('-mail-')).sort();
  const mails: SentMail[] = [];
  for (const name of names) {
    const message = JSON.parse(await readFile(path.join(OUTBOX, name), 'utf8')) as Record<string, string>;
    if (message.to !== to || Date.parse(message.sent_at ?? '') < WORKER_STARTED) continue;
    mails.push({ to, subject: message.subject ?? '', text: message.text ?? '' });
  }
  return mails;
}
