import { describe, expect, it } from 'vitest';
import { isAllowedEndpoint, parseAllowedHosts } from './push-endpoints.ts';

const allowed = parseAllowedHosts('fcm.googleapis.com, *.notify.windows.com,localhost:8443');

describe('push endpoint allow-list', () => {
  it('takes https endpoints of the listed push services', () => {
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', allowed)).toBe(true);
    expect(isAllowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', allowed)).toBe(true);
    expect(isAllowedEndpoint('https://FCM.googleapis.com:443/fcm/send/a', allowed)).toBe(true);
    expect(isAllowedEndpoint('https://localhost:8443/push/1', allowed)).toBe(true);
  });

  it('refuses other hosts, look-alikes, other ports, plain http and credentials', () => {
    expect(isAllowedEndpoint('https://example.com/push', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com.evil.test/push', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://evilfcm.googleapis.com/push', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://notify.windows.com/push', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:8080/fcm/send/a', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://localhost/push/1', allowed)).toBe(false);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/a', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://user:pw@fcm.googleapis.com/fcm/send/a', allowed)).toBe(false);
    expect(isAllowedEndpoint('https://127.0.0.1/push', allowed)).toBe(false);
    expect(isAllowedEndpoint('not a url', allowed)).toBe(false);
  });
});
