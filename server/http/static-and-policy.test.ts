import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Built assets go out as the files written at build time; only pages carry a script nonce. */
buildWebAppIfNeeded();
const ASSETS = 'build/client/assets';

const ctx = useTestApp({ web: true });

const nonceOf = (policy: unknown) => String(policy).match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];

/** The largest script of the build, which has both precompressed copies. */
function largestScript() {
  const [name] = readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => readFileSync(path.join(ASSETS, b)).length - readFileSync(path.join(ASSETS, a)).length);
  if (!name) throw new Error('no script in the build');
  return name;
}

describe('content security policy', () => {
  it('gives every page a new nonce that its inline scripts carry', async () => {
    const [first, second] = await Promise.all([ctx.app.inject('/login'), ctx.app.inject('/login')]);
    const nonce = nonceOf(first.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
    // Inline scripts that run (JSON data blocks do not).
    const inlineScripts = first.body.match(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it('lets pages connect to this site only, its realtime socket included', async () => {
    for (const url of ['/login', '/healthz']) {
      const policy = String((await ctx.app.inject(url)).headers['content-security-policy']);
      expect(policy).toMatch(/(^|;)connect-src 'self'(;|$)/);
    }
  });

  it('names no nonce on JSON answers and files, which run no inline script', async () => {
    for (const url of ['/healthz', '/api/v1/categories', `/assets/${largestScript()}`]) {
      const policy = String((await ctx.app.inject(url)).headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('nonce-');
    }
  });
});

describe('built assets', () => {
  const script = largestScript();
  const onDisk = (suffix: string) => readFileSync(path.join(ASSETS, `${script}${suffix}`));

  it('sends the brotli file written at build time to a browser that accepts it', async () => {
    const response = await ctx.app.inject({
      url: `/assets/${script}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(onDisk('.br'))).toBe(true);
  });

  it('sends the gzip file to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzip = await ctx.app.inject({ url: `/assets/${script}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(onDisk('.gz'))).toBe(true);
    const plain = await ctx.app.inject({ url: `/assets/${script}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(onDisk(''))).toBe(true);
  });

  it('compresses a page as it is sent, in one piece (its length known, not streamed)', async () => {
    const response = await ctx.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    const plain = await ctx.app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
  });
});
