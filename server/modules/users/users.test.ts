import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../contract/users.ts';
import { users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const { app, db, config, call, signIn } = useTestApp();

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

describe('profiles', () => {
  it('shows others only what the owner shows', async () => {
    await db
      .update(users)
      .set({
        isShowEmail: false,
        isShowPhone: false,
        userPhone: '+966500000010',
        phoneVerify: true,
        whatsapp: '+966500000010',
      })
      .where(eq(users.id, 'demo-user-10'));
    const visitor = await call('GET', '/users/demo-user-10');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ user_email: null, user_phone: null, whatsapp: null, is_owner: false });
    const token = await signIn('user10@souk.test');
    const own = await call('GET', '/users/me', token);
    expect(own.body.data).toMatchObject({
      user_email: 'user10@souk.test',
      user_phone: '+966500000010',
      is_owner: true,
    });
    await db.update(users).set({ isShowEmail: true }).where(eq(users.id, 'demo-user-10'));
    expect((await call('GET', '/users/demo-user-10')).body.data.user_email).toBe('user10@souk.test');
  });

  it('updates the profile and refuses bad input without changing anything', async () => {
    const token = await signIn('user01@souk.test');
    const before = await row('demo-user-01');
    const badEmail = await call('POST', '/users/me', token, profileUpdate({ user_email: 'nope' }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Your email format is wrong.');
    const taken = await call('POST', '/users/me', token, profileUpdate({ user_email: 'user02@souk.test' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another account has already confirmed this e-mail address.');
    const noName = await call('POST', '/users/me', token, profileUpdate({ user_name: '  ' }));
    expect(noName.body.message).toBe('Name is required.');
    expect(await row('demo-user-01')).toEqual(before);

    const updated = await call('POST', '/users/me', token, profileUpdate());
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Profile has been updated.');
    expect(updated.body.data).toMatchObject({ user_name: 'Noor Saleh', user_about_me: 'Collector of old cameras.' });
  });

  it('needs a signed-in user to change a profile', async () => {
    const answer = await call('POST', '/users/me', undefined, profileUpdate());
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Please sign in to continue.');
  });

  it('stores photos upright, resized, as WebP without EXIF; refuses files that are not images', async () => {
    const token = await signIn('user11@souk.test');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2255aa' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'private name' } } })
      .toBuffer();
    const upload = (bytes: Buffer, name: string) => {
      const boundary = 'souk-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/v1/users/me/photos/profile?lang=en',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const stored = await upload(photo, 'me.jpg');
    expect(stored.statusCode).toBe(200);
    const file = stored.json().data.img_path as string;
    const metadata = await sharp(await readFile(path.join(config.uploadsDir, file))).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect((await row('demo-user-11'))?.userProfilePhoto).toBe(file);

    const fake = await upload(Buffer.from('#!/bin/sh\necho not an image\n'), 'evil.jpg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Please choose a JPEG, PNG, WebP, GIF, HEIF or AVIF photo.');
    expect((await row('demo-user-11'))?.userProfilePhoto).toBe(file);
  });
});

describe('settings', () => {
  it('shows or hides the profile on item cards and notifications', async () => {
    const token = await signIn('user09@souk.test');
    const saved = await call('POST', '/users/me/settings', token, {
      show_profile_on_items: false,
      show_notifications: true,
    });
    expect(saved.body.data).toEqual({ show_profile_on_items: false, show_notifications: true });
    expect((await row('demo-user-09'))?.showProfileOnItems).toBe(false);
  });

  it('deactivates for good: sessions end, sign-in is refused, the profile is gone, the data stays', async () => {
    const token = await signIn('user07@souk.test');
    expect((await call('POST', '/users/me/deactivate', token)).status).toBe(200);
    expect((await call('GET', '/auth/session', token)).body.data.user_id).toBe('nologinuser');
    const again = await call('POST', '/auth/login', undefined, {
      user_email: 'user07@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    expect(again.body.message).toBe('This account was deactivated and can no longer sign in.');
    expect((await call('GET', '/users/demo-user-07')).status).toBe(404);
    expect(await row('demo-user-07')).toMatchObject({ status: USER_STATUS.deactivated, userEmail: 'user07@souk.test' });
  });
});
