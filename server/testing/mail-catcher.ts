import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives (tests read codes from it). */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The six-digit code of the latest message to `to`. */
    lastCode(to: string) {
      const mail = messages.findLast((message) => message.to === to);
      const code = mail?.text.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`No code was mailed to ${to}`);
      return code;
    },
  };
}

/** The six-digit code of the latest message of `kind` to `to` in an outbox folder. */
async function lastOutboxCode(outboxDir: string, kind: 'mail' | 'sms', to: string) {
  const files = (await readdir(outboxDir)).filter((name) => name.includes(`-${kind}-`)).sort();
  for (const name of files.reverse()) {
    const message = JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as Record<string, string>;
    const code = message.to === to ? (message.text ?? message.body)?.match(/\b\d{6}\b/)?.[0] : undefined;
    if (code) return code;
  }
  throw new Error(`No ${kind} code was sent to ${to}`);
}

export const lastSmsCode = (outboxDir: string, to: string) => lastOutboxCode(outboxDir, 'sms', to);
export const lastMailCode = (outboxDir: string, to: string) => lastOutboxCode(outboxDir, 'mail', to);
