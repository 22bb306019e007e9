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

  it('has a VAPID subject push services accept, and push to phones off by default', () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@souk.local');
    expect(loadConfig({ PUBLIC_URL: 'https://souk.example' }).vapidSubject).toBe('https://souk.example');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@souk.example' }).vapidSubject).toBe('mailto:ops@souk.example');
    expect(loadConfig({}).FCM_SERVICE_ACCOUNT_FILE).toBeUndefined();
    expect(loadConfig({}).PUSH_ENDPOINT_HOSTS).toContain('fcm.googleapis.com');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://souk.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'https://fcm.googleapis.com/' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
