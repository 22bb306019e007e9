import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemPath } from '../../../contract/items.ts';
import { createServices, type Services } from '../../services.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { buildWebAppIfNeeded } from '../../testing/process.ts';
import { appSettings, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24: contact by phone and WhatsApp. The numbers were in every profile and item answer, for anyone to
 * scrape; now a signed-in member reveals them with a press, a limited number an hour, each reveal counted.
 */

buildWebAppIfNeeded();
const test = useTestApp({ web: true, users: [2, 3, 4, 5, 6], admin: true });
const { db, call, token } = test;
let refs: EntryReferences;
let services: Services;
const SELLER = 'demo-user-02';
const PHONE = '+966501112222';
const WHATSAPP = '+966 50 111 3333';

beforeAll(async () => {
  refs = await entryReferences(db);
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
  await db.update(appSettings).set({ isItemApprovalEnabled: false, listingsPerDay: 0 });
  await showNumbers(true);
});

const showNumbers = (shown: boolean) =>
  db
    .update(users)
    .set({ userPhone: PHONE, phoneVerify: true, isShowPhone: shown, whatsapp: WHATSAPP })
    .where(eq(users.id, SELLER));

async function listing() {
  const photo = await draftUpload(db, SELLER);
  const posted = await call('POST', '/items', token(2), validEntry(refs, [photo]));
  expect(posted.status, posted.body.message).toBe(201);
  return posted.body.data as { id: string; item_name: string };
}

const reveal = (itemId: string, who?: string) => call('POST', `/items/${itemId}/seller-contact`, who);
const countOf = async (itemId: string) => services.items.contactCount({ userId: SELLER, isAdmin: false }, itemId);

describe('revealing a seller’s numbers', () => {
  it('answers a signed-in member the numbers the seller shares, and no page or answer carries them', async () => {
    const item = await listing();
    expect((await reveal(item.id)).status).toBe(401);
    const revealed = await reveal(item.id, token(3));
    expect(revealed.status, revealed.body.message).toBe(200);
    expect(revealed.body.data).toEqual({ user_phone: PHONE, whatsapp: WHATSAPP });

    const asMember = await call('GET', `/items/${item.id}`, token(3));
    expect(asMember.body.data.user).toMatchObject({
      user_phone: null,
      whatsapp: null,
      shows_phone: true,
      shows_whatsapp: true,
    });
    expect((await call('GET', `/users/${SELLER}`)).body.data).toMatchObject({ user_phone: null, whatsapp: null });
    for (const headers of [{}, { authorization: `Bearer ${token(3)}` }]) {
      const page = await test.app.inject({ url: `${itemPath(item)}?lang=en`, headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('501112222');
      expect(page.body).not.toContain('111 3333');
    }
    // The owner still sees their own numbers.
    expect((await call('GET', '/users/me', token(2))).body.data).toMatchObject({ user_phone: PHONE });
  });

  it('counts each member once a day in the listing’s statistics, never its owner', async () => {
    const item = await listing();
    await reveal(item.id, token(3));
    await reveal(item.id, token(3));
    await reveal(item.id, token(4));
    expect((await reveal(item.id, token(2))).status).toBe(200);
    expect(await countOf(item.id)).toBe(2);
    expect(await services.items.contactCount({ userId: 'demo-user-03', isAdmin: false }, item.id)).toBeNull();
  });

  it('refuses a seller who shares nothing, a listing hidden from the member, and a profile reveal alike', async () => {
    const item = await listing();
    await showNumbers(false);
    const hidden = await reveal(item.id, token(3));
    expect([hidden.status, hidden.body.message]).toEqual([404, 'This seller does not share a phone number.']);
    expect((await call('GET', `/items/${item.id}`, token(3))).body.data.user).toMatchObject({ shows_phone: false });
    expect((await call('POST', `/users/${SELLER}/contact`, token(3))).status).toBe(404);
    await showNumbers(true);

    expect((await call('POST', `/users/${SELLER}/block`, token(5), { block: true })).status).toBe(200);
    expect((await reveal(item.id, token(5))).status).toBe(404);
    expect((await call('POST', `/users/${SELLER}/contact`, token(5))).status).toBe(404);
    expect((await reveal('00000000-0000-4000-8000-000000000000', token(3))).status).toBe(404);
    expect((await reveal('not-an-id', token(3))).status).toBe(400);

    const profile = await call('POST', `/users/${SELLER}/contact`, token(3));
    expect(profile.body.data).toEqual({ user_phone: PHONE, whatsapp: WHATSAPP });
    expect((await call('POST', `/users/${SELLER}/contact`)).status).toBe(401);
  });

  it('lets a member reveal a limited number of new sellers’ numbers an hour, saying when to try again', async () => {
    await db.update(appSettings).set({ contactRevealsPerHour: 2 });
    const [first, second, third] = [await listing(), await listing(), await listing()];
    expect((await reveal(first.id, token(6))).status).toBe(200);
    expect((await reveal(second.id, token(6))).status).toBe(200);
    const refused = await reveal(third.id, token(6));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You can see 2 sellers' numbers an hour\. You can see more in (1 hour|59 minutes)\.$/,
    );
    // Seeing the same number again today takes nothing more.
    expect((await reveal(first.id, token(6))).status).toBe(200);
    await db.update(appSettings).set({ contactRevealsPerHour: 30 });
  });
});
