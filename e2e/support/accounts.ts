import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { ITEM_STATUS } from '../../contract/items.ts';
import { withDatabase } from './database.ts';
import { codeSentTo } from './outbox.ts';

/** A new account of one journey: nobody else signs in as it. */
export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Its proven phone number (E.164), when asked for with `withPhone`. */
  phone?: string;
}

export interface AccountOptions {
  /** The account's name (first and last); by default "Tester" and a random word. */
  name?: string;
  /** Give it a new phone number that it proved (a Saudi mobile number). */
  withPhone?: boolean;
  /** Its e-mail address has received no code yet, so a journey may ask for one at once. */
  unmailed?: boolean;
  /**
   * It joined this many days ago: an established member, past the first week's lower daily listing limit and
   * with reports that count (issue 24).
   */
  joinedDaysAgo?: number;
}

/** What the admin decided about a listing; `pending` is what a new listing is while approval is on. */
export type ListingStatus = 'pending' | 'active' | 'rejected' | 'disabled';

export interface ListingOptions {
  title?: string;
  status?: ListingStatus;
  /** The admin's reason, for a rejected or disabled listing. */
  reason?: string;
  /** Fields of POST /api/v1/items that replace the defaults (a non-vehicle category, the first city). */
  fields?: Record<string, unknown>;
}

export interface Listing {
  id: string;
  title: string;
  item_name: string;
  status: number;
}

/** The `data` of a successful answer of the API; a refusal fails with its status and text. */
export async function dataOf(response: APIResponse) {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  // biome-ignore lint/suspicious/noExplicitAny: the journeys read the API's answers loosely, field by field.
  return ((await response.json()) as { data: any }).data;
}

const randomWord = () => randomBytes(5).toString('hex');

/**
 * An address of its own for each new account (the test server trusts X-Forwarded-For, TRUST_PROXY): the app
 * lets one address register 30 accounts and ask 60 codes an hour, and a run makes more. The limits stay on;
 * the journeys' browsers all still come from 127.0.0.1.
 */
const ownAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A client of the app at `baseURL` from an address of its own, signed in once `register` has run. */
export function clientFor(baseURL: string) {
  return request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': ownAddress() } });
}

/** Registers and confirms a new account through the API with `client`, which stays signed in as it. */
export async function register(client: APIRequestContext, options: AccountOptions = {}): Promise<Account> {
  const word = randomWord();
  const account = {
    name: options.name ?? `Tester ${word}`,
    email: `fresh-${word}@example.com`,
    password: `pass-${word}`,
  };
  // The address the registration's code goes to: another one when the account's own must stay unmailed.
  const mailed = options.unmailed ? `mailed-${word}@example.com` : account.email;
  const phone = options.withPhone ? `+96650${String(randomInt(10_000_000)).padStart(7, '0')}` : undefined;
  const id = await registerAndConfirm(client, { ...account, email: mailed }, phone);
  if (phone) await updateUser(id, 'phone_verify = true, phone_id = user_phone');
  if (mailed !== account.email) await updateUser(id, 'user_email = $2', account.email);
  if (options.joinedDaysAgo) {
    await updateUser(id, 'added_date = now() - make_interval(days => $2::int)', String(options.joinedDaysAgo));
  }
  return { id, ...account, ...(phone ? { phone } : {}) };
}

/** POST /auth/register, then /auth/verify-email with the e-mailed code; answers the new account's id. */
async function registerAndConfirm(client: APIRequestContext, account: Omit<Account, 'id'>, phone?: string) {
  const { name, email, password } = account;
  const pending = await dataOf(
    await client.post('/api/v1/auth/register?lang=en', {
      data: {
        user_name: name,
        user_email: email,
        user_password: password,
        confirm_password: password,
        ...(phone ? { user_phone: phone, country: 'SA' } : {}),
        privacy: 'on',
      },
    }),
  );
  const code = await codeSentTo('mail', email);
  const signedIn = await dataOf(
    await client.post('/api/v1/auth/verify-email?lang=en', {
      data: { user_email: email, code, registration_token: pending.registration_token },
    }),
  );
  return signedIn.user_id as string;
}

/**
 * What no API can arrange without a code: proving an address or a number through the app sends it one, and
 * the app then refuses another to it for a minute, so a journey asking for one at once would wait for time.
 * A proven phone number (the one the registration claimed) and an address nothing was sent to are set here.
 */
async function updateUser(id: string, assignments: string, ...values: string[]) {
  await withDatabase((db) => db.query(`update users set ${assignments} where id = $1`, [id, ...values]));
}

/** The seeded admin: journeys sign in as it only to moderate listings they posted themselves. */
export const ADMIN = { email: 'admin@souk.test', password: 'souk-admin-2026' };

/** Signs `target` (a page's browser context, or an API client) in as `account`, in a session of its own. */
export async function signIn(target: Page | APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  const client = 'request' in target ? target.request : target;
  const response = await client.post('/api/v1/auth/login', {
    data: { user_email: account.email, user_password: account.password, privacy: 'on' },
  });
  expect(response.ok(), `sign in as ${account.email}: ${response.status()}`).toBe(true);
}

/** An API client signed in as the admin. */
export async function adminClient(baseURL: string) {
  const admin = await request.newContext({ baseURL });
  await signIn(admin, ADMIN);
  return admin;
}

/** The choices of the item form, read once per worker. */
let formOptions: Promise<Record<string, unknown>> | undefined;

async function defaultFields(client: APIRequestContext) {
  formOptions ??= readDefaultFields(client);
  return formOptions;
}

async function readDefaultFields(client: APIRequestContext) {
  const options = await dataOf(await client.get('/api/v1/item-entry/options?lang=en'));
  const category = options.categories.find((entry: { is_vehicle: boolean }) => !entry.is_vehicle);
  const subcategories = await dataOf(await client.get(`/api/v1/categories/${category.cat_id}/subcategories`));
  const city = options.locations[0];
  const townships = await dataOf(await client.get(`/api/v1/locations/${city.id}/townships`));
  return {
    cat_id: category.cat_id,
    sub_cat_id: subcategories.items[0].id,
    item_type_id: options.item_types[0].id,
    price: '150',
    item_price_type_id: options.price_types[0].id,
    item_currency_id: options.currencies[0].id,
    condition_of_item_id: options.conditions[0].id,
    brand: 'Souk',
    business_mode: false,
    deal_option_id: options.deal_options[0].id,
    item_location_id: city.id,
    item_location_township_id: townships.items[0].id,
  };
}

/** Uploads a small photo of one colour as a draft of the signed-in member; its id goes in image_ids. */
async function uploadPhoto(client: APIRequestContext) {
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const image = await dataOf(
    await client.post('/api/v1/item-uploads/photos', {
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
    }),
  );
  return image.img_id as string;
}

/** Posts a listing with one photo as the member `client` is signed in as; it waits for approval. */
export async function postListing(client: APIRequestContext, options: ListingOptions = {}): Promise<Listing> {
  const title = options.title ?? `Listing ${randomWord()}`;
  const item = await dataOf(
    await client.post('/api/v1/items?lang=en', {
      data: {
        ...(await defaultFields(client)),
        image_ids: [await uploadPhoto(client)],
        title,
        description: `${title}: a listing of a test journey.`,
        ...options.fields,
      },
    }),
  );
  return { id: item.id, title: item.title, item_name: item.item_name, status: item.status };
}

const DECISIONS: Record<Exclude<ListingStatus, 'pending'>, string> = {
  active: 'approve',
  rejected: 'reject',
  disabled: 'disable',
};

/** The admin's decision that gives `listing` the `status` asked for (none for pending). */
export async function moderate(admin: APIRequestContext, listing: Listing, status: ListingStatus, reason?: string) {
  if (status === 'pending') return listing;
  const decision = DECISIONS[status];
  const data = { decision, reason: reason ?? (decision === 'approve' ? null : 'Not as described.') };
  await dataOf(await admin.post(`/api/v1/admin/items/${listing.id}/decision`, { data }));
  return { ...listing, status: ITEM_STATUS[status] };
}
