import { sql } from 'drizzle-orm';
import { textToHtml } from '../../modules/content/index.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import type { CatalogFile, ContentFile } from './data-files.ts';
import { DEMO_ADMIN_ID } from './demo-users.ts';

/** Demo blog posts (plain text in the data file, HTML as the editor writes), a few days apart, newest first. */
export async function seedBlogs(db: Db, content: ContentFile) {
  for (const [index, blog] of content.blogs.entries()) {
    const bodies = Object.fromEntries(Object.entries(blog.bodies).map(([lang, text]) => [lang, textToHtml(text)]));
    await db.execute(sql`
      insert into blogs (titles, bodies, added_user_id, added_date)
      select ${JSON.stringify(blog.titles)}::jsonb, ${JSON.stringify(bodies)}::jsonb, ${DEMO_ADMIN_ID},
        now() - ${index * 4} * interval '1 day'
      where not exists (select 1 from blogs where titles->>'en' = ${blog.titles.en ?? ''})`);
  }
}

/** The default about, privacy and safety texts (the operator edits them later). */
export async function seedPages(db: Db, content: ContentFile) {
  const pages = Object.entries(content.pages).flatMap(([kind, byLanguage]) =>
    Object.entries(byLanguage).map(([lang, page]) => ({ kind, lang, title: page.title, body: page.body })),
  );
  if (pages.length > 0) await db.insert(schema.contentPages).values(pages).onConflictDoNothing();
}

const OFFLINE_METHODS = [
  {
    icon: 'landmark',
    titles: { ar: 'تحويل بنكي', en: 'Bank transfer' },
    descriptions: {
      ar: 'حوّل المبلغ إلى حساب السوق ثم أرسل رقم العملية؛ يفعّل المشرف الإعلان بعد التحقق.',
      en: 'Transfer the amount to the marketplace account and send the reference; an admin activates the ad once it is confirmed.',
    },
  },
  {
    icon: 'banknote',
    titles: { ar: 'الدفع نقدًا في المكتب', en: 'Cash at our office' },
    descriptions: {
      ar: 'ادفع نقدًا في مكتبنا خلال ساعات العمل واحتفظ بالإيصال.',
      en: 'Pay in cash at our office during working hours and keep the receipt.',
    },
  },
];

export async function seedPaymentOptions(db: Db) {
  for (const [index, method] of OFFLINE_METHODS.entries()) {
    await db.execute(sql`
      insert into offline_payment_methods (titles, descriptions, icon, ordering)
      select ${JSON.stringify(method.titles)}::jsonb, ${JSON.stringify(method.descriptions)}::jsonb, ${method.icon}, ${index + 1}
      where not exists (select 1 from offline_payment_methods where titles->>'en' = ${method.titles.en})`);
  }
  await db
    .insert(schema.shippingMethods)
    .values([
      { name: 'Pickup', names: { ar: 'استلام من البائع', en: 'Pickup' }, price: '0', ordering: 1 },
      { name: 'Courier', names: { ar: 'شحن عبر شركة توصيل', en: 'Courier' }, price: '35', days: 3, ordering: 2 },
    ])
    .onConflictDoNothing();
}

export async function seedWelcomeNotification(db: Db) {
  await db.execute(sql`
    insert into notifications (kind, title, message)
    select 'broadcast', 'مرحبًا بك في سوق | Welcome to Souk',
      'انشر إعلانك الأول مجانًا وتواصل مع المشترين مباشرة. | Post your first ad for free and chat with buyers directly.'
    where not exists (select 1 from notifications where kind = 'broadcast' and user_id is null)`);
}

/** The settings row comes last: its presence is what marks a database as seeded. */
/** The settings row; `demo` turns admin approval of new items on (SPEC.md 4), as the demo shows moderation. */
export async function seedSettings(db: Db, catalog: CatalogFile, options: { demo?: boolean } = {}) {
  const centre = catalog.cities[0] ?? { lat: 24.7136, lng: 46.6753 };
  await db
    .insert(schema.appSettings)
    .values({
      id: 1,
      lat: centre.lat,
      lng: centre.lng,
      defaultCurrencyShortForm:
        catalog.currencies.find((currency) => currency.is_default)?.currency_short_form ?? 'SAR',
      defaultCountry: 'SA',
      oneDayPrice: '10',
      membershipAmount: '49',
      bumpPrice: '5',
      memberFreeBumps: 3,
      contactEmail: 'support@souk.test',
      isItemApprovalEnabled: options.demo === true,
    })
    .onConflictDoNothing();
}
