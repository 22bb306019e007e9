import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', NODE_ENV: 'production', SEED_DEMO_DATA: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.uploadsDir).toMatch(/data\/uploads$/);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL=.*postgres/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('without demo data, wants both admin settings or neither, and has no default admin password', () => {
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_ADMIN_PASSWORD).toBeUndefined();
    expect(() => loadConfig({ SEED_DEMO_DATA: 'false', SEED_ADMIN_EMAIL: 'a@b.example' })).toThrow(
      /SEED_ADMIN_PASSWORD is not set/,
    );
    expect(() => loadConfig({ SEED_DEMO_DATA: 'false', SEED_ADMIN_PASSWORD: 'long enough' })).toThrow(
      /SEED_ADMIN_EMAIL is not set/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
