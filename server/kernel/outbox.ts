import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Prefix of a message still being written: readers skip it (no kind, no .json), and a crash leaves no half message. */
export const OUTBOX_TEMP_PREFIX = '.writing-';

/**
 * Where messages go when no mail or SMS service is configured: one JSON file per message in
 * `data/outbox/`, so a fresh install can finish every sign-in flow by reading the code from there.
 * Each file appears whole: it is written under a temporary name in the same folder, then renamed.
 */
export async function writeToOutbox(outboxDir: string, kind: 'mail' | 'sms', message: Record<string, unknown>) {
  await mkdir(outboxDir, { recursive: true });
  const sentAt = new Date().toISOString();
  const id = randomUUID();
  const file = path.join(outboxDir, `${sentAt.replaceAll(':', '-')}-${kind}-${id.slice(0, 8)}.json`);
  const temporary = path.join(outboxDir, `${OUTBOX_TEMP_PREFIX}${id}`);
  try {
    await writeFile(temporary, `${JSON.stringify({ kind, sent_at: sentAt, ...message }, null, 2)}\n`, {
      mode: 0o600,
      flush: true,
    });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return file;
}
