import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_SECONDS } from '../../../contract/auth.ts';
import { lastMailCode, lastSmsCode } from '../../testing/mail-catcher.ts';
import { users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** The signed-in user's own sign-in details under /users/me: e-mail address, password and phone number. */

const { db, config, call, signIn } = useTestApp();

const row = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

const profileUpdate = (extra: Record<string, unknown> = {}) => ({
  user_name: 'Noor Saleh',
  user_email: 'user01@souk.test',
  user_about_me: 'Collector of old cameras.',
  user_address: 'King Fahd Road 12',
  city: '',
  whatsapp: '+966500000001',
  messenger: 'noor.saleh',
  is_show_email: false,
  is_show_phone: true,
  ...extra,
});

describe('e-mail address', () => {
  it('keeps a new e-mail pending until its code is entered, so it never blocks the address owner (defect 3)', async () => {
    const token = await signIn('user02@souk.test');
    const asked = await call('POST', '/users/me', token, profileUpdate({ user_email: 'fresh-address@example.com' }));
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('We sent a code to your new e-mail address. Enter it to confirm the change.');
    expect(asked.body.data).toMatchObject({
      user_email: 'user02@souk.test',
      pending_email: 'fresh-address@example.com',
    });
    expect(await row('demo-user-02')).toMatchObject({ userEmail: 'user02@souk.test', emailVerify: true });
    expect(await db.select().from(users).where(eq(users.userEmail, 'fresh-address@example.com'))).toHaveLength(0);
    // The owner may have to wait out the resend cooldown of the address (a 429), but is never told it is taken.
    const owner = await call('POST', '/auth/register', undefined, {
      user_name: 'Address Owner',
      user_email: 'fresh-address@example.com',
      user_password: 'owner-pass-123',
      confirm_password: 'owner-pass-123',
      privacy: 'on',
    });
    expect(owner.status).not.toBe(409);
    const others = await call('GET', '/users/demo-user-02', await signIn('user03@souk.test'));
    expect(others.body.data.pending_email).toBeNull();

    const wrong = await call('POST', '/users/me/email/verify', token, { code: '000000' });
    expect(wrong.body.message).toBe('Your verification code is not correct.');
    expect((await row('demo-user-02'))?.userEmail).toBe('user02@souk.test');
    const code = await lastMailCode(config.outboxDir, 'fresh-address@example.com');
    const confirmed = await call('POST', '/users/me/email/verify', token, { code });
    expect(confirmed.body.message).toBe('Your e-mail address has been changed.');
    expect(await row('demo-user-02')).toMatchObject({
      userEmail: 'fresh-address@example.com',
      emailVerify: true,
      pendingEmail: null,
    });
    await signIn('fresh-address@example.com');
  });

  it('refuses to confirm an address someone else proved in the meantime', async () => {
    const token = await signIn('user04@souk.test');
    const shared = 'contested@example.com';
    expect((await call('POST', '/users/me/email/send-code', token, { user_email: shared })).status).toBe(200);
    const code = await lastMailCode(config.outboxDir, shared);
    // Someone else proves the address meanwhile (their registration is confirmed).
    await db
      .insert(users)
      .values({ id: 'address-prover', userName: 'Address Prover', userEmail: shared, emailVerify: true });
    const late = await call('POST', '/users/me/email/verify', token, { code });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Another account has already confirmed this e-mail address.');
    expect((await row('demo-user-04'))?.userEmail).toBe('user04@souk.test');
  });

  describe('a pending e-mail change', () => {
    afterEach(() => vi.useRealTimers());

    it('sends a new code to the pending address once the cooldown is over', async () => {
      const token = await signIn('user01@souk.test');
      const pending = 'second-try@example.com';
      expect((await call('POST', '/users/me/email/send-code', token, { user_email: pending })).status).toBe(200);
      const firstCode = await lastMailCode(config.outboxDir, pending);
      const early = await call('POST', '/users/me/email/resend-code', token);
      expect(early.status).toBe(429);
      expect(early.body.message).toMatch(/You can ask for a new one in \d+ seconds\./);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (CODE_RESEND_SECONDS + 1) * 1000);
      const resent = await call('POST', '/users/me/email/resend-code', token);
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe('A new code is on its way. Check your inbox.');
      const secondCode = await lastMailCode(config.outboxDir, pending);
      expect(secondCode).not.toBe(firstCode);
      expect((await call('POST', '/users/me/email/verify', token, { code: secondCode })).status).toBe(200);
      expect(await row('demo-user-01')).toMatchObject({ userEmail: pending, pendingEmail: null });
    });

    it('is dropped on "keep my current address", and its code then changes nothing', async () => {
      const token = await signIn('user10@souk.test');
      const pending = 'changed-my-mind@example.com';
      expect((await call('POST', '/users/me/email/send-code', token, { user_email: pending })).status).toBe(200);
      const code = await lastMailCode(config.outboxDir, pending);
      const kept = await call('DELETE', '/users/me/email/pending', token);
      expect(kept.status).toBe(200);
      expect(kept.body.message).toBe('You keep your current e-mail address.');
      expect((await call('GET', '/users/me', token)).body.data.pending_email).toBeNull();
      const late = await call('POST', '/users/me/email/verify', token, { code });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe('No new e-mail address is waiting for a code.');
      expect(await row('demo-user-10')).toMatchObject({ userEmail: 'user10@souk.test', pendingEmail: null });
      expect((await call('POST', '/users/me/email/resend-code', token)).status).toBe(400);
    });

    it('can be resent or dropped only by its signed-in owner', async () => {
      await db.update(users).set({ pendingEmail: 'owner-only@example.com' }).where(eq(users.id, 'demo-user-05'));
      for (const [method, url] of [
        ['POST', '/users/me/email/resend-code'],
        ['DELETE', '/users/me/email/pending'],
      ] as const) {
        const answer = await call(method, url);
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe('Please sign in to continue.');
      }
      expect((await row('demo-user-05'))?.pendingEmail).toBe('owner-only@example.com');
    });
  });
});

describe('password', () => {
  it('updates the password with the spec message for a mismatch, and ends other sessions', async () => {
    const first = await signIn('user12@souk.test');
    const second = await signIn('user12@souk.test');
    const mismatch = await call('POST', '/users/me/password', first, {
      current_password: 'souk-demo-2026',
      password: 'new-pass-123',
      confirm_password: 'other',
    });
    expect(mismatch.body.message).toBe('Your password and confirm password are not same.');
    const changed = await call('POST', '/users/me/password', first, {
      current_password: 'souk-demo-2026',
      password: 'new-pass-123',
      confirm_password: 'new-pass-123',
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/auth/session', second)).body.data.user_id).toBe('nologinuser');
    expect((await call('GET', '/auth/session', first)).body.data.user_id).toBe('demo-user-12');
    await signIn('user12@souk.test', 'new-pass-123');
  });

  it('asks for the current password before setting a new one, and changes nothing when it is wrong', async () => {
    const token = await signIn('user10@souk.test');
    const other = await signIn('user10@souk.test');
    const newPassword = { password: 'takeover-pass-1', confirm_password: 'takeover-pass-1' };
    const missing = await call('POST', '/users/me/password', token, newPassword);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your current password.');
    const wrong = await call('POST', '/users/me/password', token, { ...newPassword, current_password: 'guess-1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct.');
    expect((await call('GET', '/auth/session', other)).body.data.user_id).toBe('demo-user-10');
    await signIn('user10@souk.test');
  });

  it('refuses guessing the current password after ten wrong tries per account', async () => {
    const token = await signIn('user09@souk.test');
    const attempt = (current_password: string, password: string) =>
      call('POST', '/users/me/password', token, { current_password, password, confirm_password: password });
    for (let guess = 1; guess <= 9; guess++) {
      expect((await attempt(`guess-${guess}-1234`, 'takeover-pass-1')).status).toBe(400);
    }
    expect((await attempt('souk-demo-2026', 'souk-demo-2026')).status).toBe(200);
    expect((await attempt('guess-10-1234', 'takeover-pass-1')).status).toBe(400);
    const refused = await attempt('guess-11-1234', 'takeover-pass-1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many/i);
    await signIn('user09@souk.test');
  });

  it('lets an account without a password set one without a current password', async () => {
    await db.update(users).set({ userPhone: '+966505550011', phoneVerify: true }).where(eq(users.id, 'demo-user-11'));
    await db.execute(sql`delete from accounts where user_id = 'demo-user-11' and provider_id = 'credential'`);
    const sent = await call('POST', '/auth/phone/send-code', undefined, { user_phone: '+966505550011' });
    expect(sent.body.data).toEqual({ is_new: false });
    const verified = await call('POST', '/auth/phone/verify', undefined, {
      user_phone: '+966505550011',
      code: await lastSmsCode(config.outboxDir, '+966505550011'),
    });
    const token = verified.body.data.token as string;
    const set = await call('POST', '/users/me/password', token, {
      password: 'first-pass-123',
      confirm_password: 'first-pass-123',
    });
    expect(set.status).toBe(200);
    await signIn('user11@souk.test', 'first-pass-123');
  });
});

describe('phone number', () => {
  it('changes the phone number after the texted code', async () => {
    const token = await signIn('user06@souk.test');
    const taken = '+966500000010';
    await db.update(users).set({ userPhone: taken, phoneVerify: true }).where(eq(users.id, 'demo-user-10'));
    expect((await call('POST', '/users/me/phone/send-code', token, { user_phone: taken })).body.message).toBe(
      'Another account already uses this phone number.',
    );
    const phone = '+966511112222';
    expect((await call('POST', '/users/me/phone/send-code', token, { user_phone: phone })).status).toBe(200);
    const wrong = await call('POST', '/users/me/phone/verify', token, { user_phone: phone, code: '000000' });
    expect(wrong.body.message).toBe('Your verification code is not correct.');
    const code = await lastSmsCode(config.outboxDir, phone);
    const changed = await call('POST', '/users/me/phone/verify', token, { user_phone: phone, code });
    expect(changed.body.message).toBe('Your phone number has been changed.');
    expect((await row('demo-user-06'))?.userPhone).toBe(phone);
  });
});
