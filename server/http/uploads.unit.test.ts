import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTempFiles } from '../kernel/storage/index.ts';
import { registerErrorHandling } from './errors.ts';
import { registerPageFormParsers } from './page-forms.ts';
import { SESSION_COOKIE_NAME } from './session.ts';
import { receiveUpload, registerUploads } from './uploads.ts';

/** Uploads on a bare Fastify app: the API path and the page path, as server/app.ts registers them. */

const MAX_FILE_BYTES = 1024 * 1024;
const API_MAX_BYTES = 500;
const BOUNDARY = 'souk-upload-test';
const SESSION = `${SESSION_COOKIE_NAME}=signed-in`;

let app: FastifyInstance;
let tempDir: string;

beforeAll(async () => {
  tempDir = path.join(await mkdtemp(path.join(tmpdir(), 'souk-uploads-')), 'tmp');
  app = Fastify();
  registerErrorHandling(app);
  await registerUploads(
    app,
    createTempFiles(tempDir, () => {}),
    { maxFileBytes: MAX_FILE_BYTES, maxPageFiles: 2 },
  );
  app.post('/api/photo', async (request) => {
    const upload = await receiveUpload(request, {
      maxBytes: API_MAX_BYTES,
      notAFileKey: 'users.photoNotImage',
      tooLargeKey: 'users.photoTooLarge',
    });
    return { field: upload.field, content: await readFile(upload.path, 'utf8') };
  });
  await app.register(async (web) => {
    registerPageFormParsers(web, { maxFileBytes: MAX_FILE_BYTES, maxPageFiles: 2 });
    // What a page action sees: the body React Router reads, and the files handed on beside it.
    web.post('/page', async (request) => {
      const body = request.body as Buffer;
      const headers = { 'content-type': request.headers['content-type'] ?? '' };
      const form = await new Response(new Uint8Array(body), { headers }).formData();
      const files = await Promise.all(
        (request.receivedFiles ?? []).map(async (file) => ({
          field: file.field,
          fileName: file.fileName,
          bytes: file.bytes,
          content: await readFile(file.path, 'utf8'),
        })),
      );
      return { bodyBytes: body.length, fields: Object.fromEntries(form), files };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

type Part = { name: string; value: string; fileName?: string };

function multipart(parts: Part[]) {
  const encoded = parts.map(({ name, value, fileName }) => {
    const disposition = `form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}`;
    const type = fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${value}\r\n`;
  });
  return Buffer.from(`${encoded.join('')}--${BOUNDARY}--\r\n`);
}

const post = (url: string, parts: Part[], cookie?: string) =>
  app.inject({
    method: 'POST',
    url: `${url}?lang=en`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(cookie ? { cookie } : {}) },
    payload: multipart(parts),
  });

/** The temporary files are discarded once the answer has gone out (Fastify's onResponse). */
const expectNoTempFileLeft = () =>
  vi.waitFor(async () => expect(await readdir(tempDir).catch(() => [] as string[])).toEqual([]));

describe('page forms', () => {
  it('stream files to temporary files, hand the action only the fields, and discard the files after the answer', async () => {
    const big = 'x'.repeat(900 * 1024);
    const answer = await post(
      '/page',
      [
        { name: 'intent', value: 'photo' },
        { name: 'note', value: 'مرحبا "quoted"' },
        { name: 'file', value: big, fileName: 'me.jpg' },
        { name: 'second', value: 'small file', fileName: 'b.png' },
      ],
      SESSION,
    );
    expect(answer.statusCode).toBe(200);
    const { bodyBytes, fields, files } = answer.json();
    expect(fields).toEqual({ intent: 'photo', note: 'مرحبا "quoted"' });
    expect(bodyBytes).toBeLessThan(1024);
    expect(files).toEqual([
      { field: 'file', fileName: 'me.jpg', bytes: big.length, content: big },
      { field: 'second', fileName: 'b.png', bytes: 10, content: 'small file' },
    ]);
    await expectNoTempFileLeft();
  });

  it('refuse a file over the limit, too many files, a visitor’s file and a NUL, keeping no file', async () => {
    const tooLarge = await post(
      '/page',
      [{ name: 'file', value: 'x'.repeat(MAX_FILE_BYTES + 1), fileName: 'a' }],
      SESSION,
    );
    expect(tooLarge.statusCode).toBe(413);
    const threeFiles = [1, 2, 3].map((index) => ({ name: `f${index}`, value: 'data', fileName: `${index}.jpg` }));
    expect((await post('/page', threeFiles, SESSION)).statusCode).toBe(413);
    expect((await post('/page', [{ name: 'file', value: 'data', fileName: 'a.jpg' }])).statusCode).toBe(403);
    const nul = await post(
      '/page',
      [
        { name: 'file', value: 'data', fileName: 'a.jpg' },
        { name: 'x', value: 'a\0b' },
      ],
      SESSION,
    );
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'The value of “x” is not valid.']);
    await expectNoTempFileLeft();
  });

  it('take a visitor’s form whose file input was left empty, and refuse a broken body', async () => {
    const empty = await post('/page', [
      { name: 'intent', value: 'contact' },
      { name: 'file', value: '', fileName: '' },
    ]);
    expect(empty.json()).toMatchObject({ fields: { intent: 'contact' }, files: [] });
    const unclosed = await app.inject({
      method: 'POST',
      url: '/page',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: SESSION },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\npartial`,
    });
    expect(unclosed.statusCode).toBe(400);
    await expectNoTempFileLeft();
  });
});

describe('API uploads', () => {
  it('stream the one file to a temporary file, refuse one over the route’s limit, and keep none', async () => {
    const stored = await post('/api/photo', [{ name: 'file', value: 'photo bytes', fileName: 'me.jpg' }]);
    expect(stored.json()).toEqual({ field: 'file', content: 'photo bytes' });
    const tooLarge = await post('/api/photo', [{ name: 'file', value: 'x'.repeat(API_MAX_BYTES + 1), fileName: 'a' }]);
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, 'The photo must be smaller than 8 MB.']);
    const noFile = await post('/api/photo', [{ name: 'note', value: 'no file' }]);
    expect(noFile.statusCode).toBe(400);
    await expectNoTempFileLeft();
  });
});
