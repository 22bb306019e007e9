/**
 * The local Web Push service of the journeys (server/testing/push-service.ts: it checks the VAPID signature and
 * decrypts each aes128gcm push), with a small control API on another port for the journeys: make a subscription
 * as a browser would (POST /subscribe {applicationServerKey}) and read what reached it (GET /received?endpoint=).
 */

import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { startPushService } from '../../server/testing/push-service.ts';

const folder = process.env.PUSH_FOLDER;
if (!folder) throw new Error('PUSH_FOLDER must name the folder of the push service’s certificate');
const push = await startPushService({ port: Number(process.env.PUSH_PORT), folder });

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { applicationServerKey?: string };
}

const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const answer = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === '/ready') return answer(200, { ok: true });
  if (url.pathname === '/received') {
    try {
      return answer(200, push.received(url.searchParams.get('endpoint') ?? ''));
    } catch {
      return answer(404, []);
    }
  }
  if (url.pathname === '/subscribe' && request.method === 'POST') {
    bodyOf(request).then(
      (body) => answer(200, push.subscribe(body.applicationServerKey ?? '')),
      () => answer(400, {}),
    );
    return;
  }
  answer(404, {});
});
control.listen(Number(process.env.PUSH_CONTROL_PORT), '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    control.close();
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  });
}
