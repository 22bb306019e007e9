import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import {
  type Account,
  type AccountOptions,
  adminClient,
  clientFor,
  type Listing,
  type ListingOptions,
  moderate,
  postListing,
  register,
  signIn,
} from './support/accounts.ts';

/** A new account of this journey alone, signed in on an API client of its own. */
export interface FreshAccount extends Account {
  /** Signed in as the account (from an address of its own): for arranging through the API. */
  request: APIRequestContext;
  /** Signs the browser context of `page` in as the account. */
  signIn(page: Page): Promise<void>;
  /** A page in a browser context of its own (the project's settings and `options`), signed in as the account. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Posts a listing with a photo; the admin gives it `status` (default pending, as approval is on). */
  postListing(options?: ListingOptions): Promise<Listing>;
  /** The listings asked for with `withListings`, in the order asked for. */
  listings: Listing[];
}

export interface NewAccountOptions extends AccountOptions {
  /** Listings to post at once: a number of active ones, or each one's options. */
  withListings?: number | ListingOptions[];
}

/** What making accounts needs from the test or worker that makes them; `opened` is closed after it. */
export interface AccountMaker {
  baseURL: string;
  browser: Browser;
  moderator: () => Promise<APIRequestContext>;
  opened: Array<APIRequestContext | BrowserContext>;
}

async function newPageAs(maker: AccountMaker, account: Account, options: BrowserContextOptions = {}) {
  const context = await maker.browser.newContext({ baseURL: maker.baseURL, ...options });
  maker.opened.push(context);
  await context.addInitScript(() => localStorage.setItem('privacyConsent', 'accepted'));
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function postAs(maker: AccountMaker, client: APIRequestContext, options: ListingOptions = {}) {
  const listing = await postListing(client, options);
  const status = options.status ?? 'pending';
  return status === 'pending' ? listing : moderate(await maker.moderator(), listing, status, options.reason);
}

/** Registers a new account through the API and gives the journey what it needs to act as it. */
export async function createAccount(maker: AccountMaker, options: NewAccountOptions = {}): Promise<FreshAccount> {
  const client = await clientFor(maker.baseURL);
  maker.opened.push(client);
  const account = await register(client, options);
  const fresh: FreshAccount = {
    ...account,
    request: client,
    signIn: (page) => signIn(page, account),
    newPage: (contextOptions) => newPageAs(maker, account, contextOptions),
    postListing: (listing) => postAs(maker, client, listing),
    listings: [],
  };
  fresh.listings = await Promise.all(listingsAsked(options.withListings).map((each) => fresh.postListing(each)));
  return fresh;
}

/** `withListings` as the options of each listing: a number is that many active ones. */
function listingsAsked(wanted: NewAccountOptions['withListings'] = 0): ListingOptions[] {
  return typeof wanted === 'number' ? Array.from({ length: wanted }, () => ({ status: 'active' })) : wanted;
}

/** Closes what a test or worker opened for its accounts. */
export async function closeAll(opened: AccountMaker['opened']) {
  for (const each of opened.splice(0)) {
    if ('dispose' in each) await each.dispose();
    else await each.close();
  }
}

interface Fixtures {
  /** Pages open as a returning visitor who already answered the privacy question, unless a test says otherwise. */
  answeredPrivacy: boolean;
  /** Makes a new account of this journey (see createAccount). */
  newAccount: (options?: NewAccountOptions) => Promise<FreshAccount>;
  /** A new account, with `page` signed in as it. */
  freshUser: FreshAccount;
}

interface WorkerFixtures {
  /** The admin's API client, signed in on first use: for moderating a journey's own listings. */
  moderator: () => Promise<APIRequestContext>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  answeredPrivacy: [true, { option: true }],
  page: async ({ page, answeredPrivacy }, use) => {
    if (answeredPrivacy) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('privacyConsent')) localStorage.setItem('privacyConsent', 'accepted');
      });
    }
    await use(page);
  },
  moderator: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures this one needs from it.
    async ({}, use, workerInfo) => {
      let admin: Promise<APIRequestContext> | undefined;
      await use(() => {
        admin ??= adminClient(String(workerInfo.project.use.baseURL));
        return admin;
      });
      await (await admin)?.dispose();
    },
    { scope: 'worker' },
  ],
  newAccount: async ({ browser, baseURL, moderator }, use) => {
    const maker: AccountMaker = { baseURL: String(baseURL), browser, moderator, opened: [] };
    await use((options) => createAccount(maker, options));
    await closeAll(maker.opened);
  },
  freshUser: async ({ newAccount, page }, use) => {
    const account = await newAccount();
    await account.signIn(page);
    await use(account);
  },
});

export { expect };

/**
 * The dashboard's category links: its grid on wide screens, its one row of chips on phones (the other one is
 * hidden); the row's last chip, every category, is left out.
 */
export const categoryLinks = (page: Page) =>
  page
    .locator('[data-testid="category-grid"]:visible, [data-testid="category-chips"]:visible')
    .locator('a[href^="/category/"]');

export async function categoryNames(page: Page, language: string) {
  const response = await page.request.get(`/api/v1/categories?order_by=cat_ordering&lang=${language}`);
  const body = await response.json();
  return body.data.items.map((category: { cat_name: string }) => category.cat_name) as string[];
}
