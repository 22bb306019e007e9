import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// A crash in the middle of writing: the file is created, its content never arrives.
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile = async (...args: Parameters<typeof real.writeFile>) => {
    if (String(args[1]).includes('"crash"')) {
      await real.writeFile(args[0], '');
      throw new Error('the process died while writing');
    }
    return real.writeFile(...args);
  };
  return { ...real, default: { ...real, writeFile }, writeFile };
});

const { writeToOutbox } = await import('./outbox.ts');

/** What a reader of the outbox sees: the message files of one kind (as the journeys and tests read them). */
async function visibleMessages(folder: string) {
  const names = (await readdir(folder)).filter((name) => name.includes('-mail-'));
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8'))));
}

describe('outbox', () => {
  it('writes one whole JSON file per message', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'souk-outbox-'));
    await writeToOutbox(folder, 'mail', { to: 'a@souk.test', text: 'Your code is 123456' });
    expect(await visibleMessages(folder)).toEqual([expect.objectContaining({ to: 'a@souk.test', kind: 'mail' })]);
  });

  it('a message interrupted while being written never shows up as a message file', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'souk-outbox-'));
    await expect(writeToOutbox(folder, 'mail', { to: 'b@souk.test', text: 'crash' })).rejects.toThrow();
    expect(await visibleMessages(folder)).toEqual([]);
  });
});
