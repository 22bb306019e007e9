import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where messages go when no mail or SMS service is configured: one JSON file per message in
 * `data/outbox/`, so a fresh install can finish every sign-in flow by reading the code from there.
 */
export async function writeToOutbox(outboxDir: string, kind: 'mail' | 'sms', message: Record<string, unknown>) {
  await mkdir(outboxDir, { recursive: true });
  const sentAt = new Date().toISOString();
  const file = path.join(outboxDir, `${sentAt.replaceAll(':', '-')}-${kind}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(file, `${JSON.stringify({ kind, sent_at: sentAt, ...message }, null, 2)}\n`, { mode: 0o600 });
  return file;
}
