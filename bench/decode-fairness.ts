/**
 * Picture decoding fairness (issue 24): one account's normal photo upload, alone and while another account
 * keeps BENCH_FLOOD large PNGs in flight (each the largest a PNG may be, decoded pixel by pixel; each sent again
 * as soon as it is stored). Before, 16 PNGs
 * of 49 megapixels made another user's 57 ms upload take 15 s: the decoding slots served uploads first come,
 * first served. Target: the bystander's median at most 2x its idle median. BENCH_ROUNDS rounds, each an idle
 * phase then a flooded one; BENCH_UPLOADS bystander uploads a phase, one after another.
 * Also times the flood's 49-megapixel PNG, now refused from its header.
 */
import sharp from 'sharp';
import { MAX_FULL_DECODE_PIXELS } from '../server/modules/media/limits.ts';
import { startServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 16);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const TARGET_RATIO = 2;

async function main() {
  const server = await startServer();
  try {
    const [attacker, bystander] = await Promise.all([signIn(server.url, 'user01'), signIn(server.url, 'user02')]);
    const photo = await phonePhoto();
    const flood = await largestPng();
    const huge = await pngOf(7000, 7000);
    const hugeMs = await timed(() => upload(server.url, attacker, huge, 400));
    const idle: number[] = [];
    const flooded: number[] = [];
    let floodUploads = 0;
    for (let round = 0; round < ROUNDS; round++) {
      idle.push(...(await uploadsOf(server.url, bystander, photo)));
      const phase = { over: false };
      const attack = Promise.all(
        Array.from({ length: FLOOD }, () => keepUploading(server.url, attacker, flood, phase)),
      );
      flooded.push(...(await uploadsOf(server.url, bystander, photo)));
      phase.over = true;
      floodUploads += (await attack).reduce((sum, count) => sum + count, 0);
    }
    const ratio = median(flooded) / median(idle);
    console.log(
      JSON.stringify(
        {
          flood: `${FLOOD} PNGs of ${(MAX_FULL_DECODE_PIXELS / 1e6).toFixed(0)} MP at once, again as each is stored`,
          flood_uploads_stored: floodUploads,
          bystander_idle_median_ms: Math.round(median(idle)),
          bystander_flooded_median_ms: Math.round(median(flooded)),
          bystander_flooded_max_ms: Math.round(Math.max(...flooded)),
          ratio: Number(ratio.toFixed(2)),
          target: `<= ${TARGET_RATIO}`,
          met: ratio <= TARGET_RATIO,
          refused_49mp_png_ms: Math.round(hugeMs),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
}

async function signIn(url: string, user: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_email: `${user}@souk.test`, user_password: 'souk-demo-2026', privacy: 'true' }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`${user} could not sign in (${response.status})`);
  return body.data.token;
}

/** The bystander's uploads of one phase, one after another: each one's time in ms. */
async function uploadsOf(url: string, token: string, photo: Buffer) {
  const times: number[] = [];
  for (let n = 0; n < UPLOADS; n++) times.push(await timed(() => upload(url, token, photo, 201)));
  return times;
}

/**
 * One of the flood's senders: uploads the large PNG again and again until the phase is over, or until the
 * account's uploads per hour are used up (429); answers how many were stored.
 */
async function keepUploading(url: string, token: string, png: Buffer, phase: { over: boolean }) {
  let sent = 0;
  while (!phase.over) {
    if ((await upload(url, token, png, [201, 429])) === 429) break;
    sent += 1;
  }
  return sent;
}

/** Uploads a draft photo and, once it is stored, discards it (an account holds at most 20 drafts). */
async function upload(url: string, token: string, bytes: Buffer, expected: number | number[]) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const authorization = `Bearer ${token}`;
  const response = await fetch(`${url}/api/v1/item-uploads/photos`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  const body = (await response.json()) as { message?: string; data?: { img_id?: string } };
  if (![expected].flat().includes(response.status)) {
    throw new Error(`an upload answered ${response.status} (${body.message}), not ${expected}`);
  }
  const imgId = body.data?.img_id;
  if (imgId) await fetch(`${url}/api/v1/item-uploads/${imgId}`, { method: 'DELETE', headers: { authorization } });
  return response.status;
}

async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A 1600 x 1200 JPEG of smooth shapes and some grain: a phone photo as apps resize it before sending. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .blur(6)
    .jpeg({ quality: 80 })
    .toBuffer();

/** The largest PNG accepted: a plain canvas, a few KB, every pixel decoded all the same. */
const largestPng = () => pngOf(6000, Math.floor(MAX_FULL_DECODE_PIXELS / 6000));

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d0d0d0' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

await main();
