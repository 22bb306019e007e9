import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, vi } from 'vitest';
import { everythingSent } from './jobs.ts';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback that keeps every message it receives. Mail is sent by job workers after
 * the request that queued it, so every reader waits: for the test file's job queues to finish, and for
 * the message asked for to arrive.
 */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          messages.push({ to: to?.value[0]?.address ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const sentTo = async (to: string) => {
    await everythingSent();
    return messages.filter((message) => message.to === to);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** While on, every message is refused with a temporary error (451), as a busy mail server does. */
    refuse(on: boolean) {
      refusing = on;
    },
    /** Every message received once everything queued was sent. */
    async all() {
      await everythingSent();
      return [...messages];
    },
    /** The messages to `to`, oldest first, once everything queued was sent. */
    sentTo,
    /** The six-digit code of the latest message to `to`, waiting for one to arrive. */
    async lastCode(to: string) {
      return waitForCode(async () => (await sentTo(to)).at(-1)?.text, `No code was mailed to ${to}`);
    },
  };
}

const CODE = /\b\d{6}\b/;

async function waitForCode(latestText: () => Promise<string | undefined>, failure: string) {
  return vi.waitFor(
    async () => {
      const code = (await latestText())?.match(CODE)?.[0];
      if (!code) throw new Error(failure);
      return code;
    },
    { timeout: 15_000, interval: 25 },
  );
}

/** The messages of `kind` to `to` in an outbox folder, oldest first, once everything queued was sent. */
export async function outboxMessages(outboxDir: string, kind: 'mail' | 'sms', to: string) {
  await everythingSent();
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.includes(`-${kind}-`))
    .sort();
  const messages = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as Record<string, string>),
  );
  return messages.filter((message) => message.to === to);
}

/** The six-digit code of the latest message of `kind` to `to` in an outbox folder, waiting for one to arrive. */
function lastOutboxCode(outboxDir: string, kind: 'mail' | 'sms', to: string) {
  return waitForCode(async () => {
    const latest = (await outboxMessages(outboxDir, kind, to)).at(-1);
    return latest?.text ?? latest?.body;
  }, `No ${kind} code was sent to ${to}`);
}

export const lastSmsCode = (outboxDir: string, to: string) => lastOutboxCode(outboxDir, 'sms', to);
export const lastMailCode = (outboxDir: string, to: string) => lastOutboxCode(outboxDir, 'mail', to);
