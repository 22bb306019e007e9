/**
 * The words of the generated dataset (bench/dataset.ts): a ranked vocabulary per language, drawn with a Zipf
 * law, so a few words are in a large share of the listings and a long tail is in a handful each, as in a
 * real marketplace. The head is the demo listings' own words (server/db/seed/data/listings.json, Arabic and
 * English), then the marketplace words below and the catalog's names (cities, districts, makes, models,
 * colours); the tail is what real listings add: Arabic words with their clitics (و ب ل ال ...) and model codes.
 * Arabic is written the ways people type it: mostly as is, sometimes without hamza and with ه for ة and ي
 * for ى, sometimes with diacritics, now and then stretched with tatweel.
 */
import type { CatalogFile, ListingTemplate } from '../server/db/seed/data-files.ts';

export type Language = 'ar' | 'en';
export const LANGUAGES: readonly Language[] = ['ar', 'en'];

/** The draws of the generator: a seeded source of numbers in [0, 1). */
export interface Draw {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
}

/**
 * Index 0..n-1 with P(i) proportional to about 1 / (i + offset): a Zipf law of exponent 1 (the rank plus the
 * offset is log-uniform). An offset above 1 flattens the head (the first ranks get less than the pure law).
 */
export function zipfIndex(u: number, n: number, offset = 1) {
  const low = Math.log(offset);
  const rank = Math.floor(Math.exp(low + u * (Math.log(n + offset) - low))) - offset;
  return Math.min(n - 1, Math.max(0, rank));
}

/** Letters, digits and combining marks: a word as PostgreSQL's parser and our counts see it. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
export const wordsOf = (text: string) => text.toLowerCase().match(WORD) ?? [];

const EXTRA_WORDS: Record<Language, string> = {
  en: `urgent negotiable cheap bargain original genuine warranty receipt invoice box sealed unopened mint scratch
    scratches dent minor spotless immaculate pristine low mileage single owner first accident free delivery pickup
    installment installments cash price fixed final offer offers swap exchange trade rent monthly yearly daily
    furnished unfurnished spacious bright modern luxury premium classic vintage rare limited edition imported local
    gcc specs american japanese german korean automatic manual hybrid electric diesel petrol leather sunroof
    panoramic navigation camera sensors cruise bluetooth wireless charger cable adapter case cover screen protector
    unlocked dual sim storage memory ram ssd processor gaming laptop desktop monitor keyboard mouse printer router
    speaker headphones earbuds smartwatch tablet console controller sofa couch table chairs wardrobe mattress bed
    cabinet shelf desk curtain carpet rug lamp fridge freezer washer dryer oven microwave blender kettle vacuum
    heater fan cooler split window villa apartment studio flat duplex penthouse land plot shop office warehouse
    bedroom bathroom kitchen balcony parking pool garden gym security elevator compound tower floor view sea near
    metro school mosque mall hospital dress abaya thobe shemagh suit jacket shoes sneakers sandals bag handbag wallet
    watch ring necklace bracelet gold silver diamond perfume oud musk kitten puppy parrot falcon camel sheep goat
    horse aquarium cage bicycle treadmill dumbbells tent fishing kayak stroller crib toys lego books novel guitar
    piano violin painting antique coins stamps tickets voucher driver technician engineer accountant teacher nurse
    chef salesman cleaning moving plumbing electrician repair maintenance tutoring photography catering wedding party
    serious buyers whatsapp call evenings weekend inspection welcome reasonable slightly used barely week month`,
  ar: `مستعجل قابل للتفاوض رخيص لقطة فرصة أصلي ضمان فاتورة كرتون مغلق بكرتونه جديد مستعمل نظيف نظيفة ممتاز خدش
    خدوش صدمة بدون حوادث ممشى قليل مالك أول توصيل مجاني تقسيط أقساط كاش نقدا سعر نهائي عرض عروض بدل مبادلة للبيع
    للإيجار شهري سنوي يومي مفروشة غير واسعة حديثة فاخرة فخمة كلاسيك نادرة محدود إصدار وارد خليجي أمريكي ياباني
    ألماني كوري أوتوماتيك عادي هايبرد كهربائي ديزل بنزين جلد فتحة سقف بانوراما ملاحة كاميرا حساسات مثبت بلوتوث
    لاسلكي شاحن كيبل كفر شاشة حماية مفتوح شريحتين ذاكرة رام معالج ألعاب لابتوب كمبيوتر طابعة راوتر سماعة سماعات
    ساعة ذكية تابلت بلايستيشن يد كنب طاولة كراسي دولاب مرتبة سرير خزانة رف مكتب ستارة سجاد زولية أباجورة ثلاجة
    فريزر غسالة نشافة فرن مايكرويف خلاط غلاية مكنسة دفاية مروحة مكيف سبليت شباك فيلا شقة استوديو دوبلكس أرض محل
    معرض مستودع غرفة غرف حمام مطبخ بلكونة موقف مسبح حديقة نادي حراسة مصعد مجمع برج دور إطلالة بحر قريب مترو مدرسة
    مسجد مول مستشفى فستان عباية ثوب شماغ بدلة جاكيت حذاء جزمة نعال شنطة محفظة خاتم عقد إسوارة ذهب فضة ألماس عطر عود
    مسك قطة جرو ببغاء صقر ناقة خروف ماعز حصان حوض قفص دراجة سير دمبلز خيمة صيد عربية ليغو كتاب رواية جيتار بيانو
    كمان لوحة تحفة عملات طوابع تذاكر قسيمة سائق فني مهندس محاسب معلم ممرضة طباخ مندوب تنظيف نقل عفش سباكة دهان
    صيانة تصليح دروس تصوير ضيافة زواج حفلة للجادين فقط واتساب اتصال مساء نهاية الأسبوع معاينة حياكم معقول
    استخدام خفيف أسبوع شهر مستعمل بسيط الله يبارك السعر شامل`,
};

/** Short words people write in titles besides the item itself. */
const TITLE_QUALIFIERS: Record<Language, string[]> = {
  en: ['urgent', 'clean', 'like new', 'for sale', 'negotiable', 'cheap', 'original', 'first owner', 'mint', 'bargain'],
  ar: ['مستعجل', 'نظيف', 'شبه جديد', 'للبيع', 'قابل للتفاوض', 'لقطة', 'أصلي', 'مالك أول', 'بحالة ممتازة', 'بسعر مغري'],
};

/** Frequent Arabic words with their diacritics (as some sellers type them). */
const DIACRITIZED: Record<string, string> = {
  سيارة: 'سَيَّارَة',
  جديد: 'جَدِيد',
  جديدة: 'جَدِيدَة',
  مستعمل: 'مُسْتَعْمَل',
  ممتاز: 'مُمْتَاز',
  ممتازة: 'مُمْتَازَة',
  للبيع: 'لِلْبَيْع',
  بحالة: 'بِحَالَة',
  شقة: 'شَقَّة',
  هاتف: 'هَاتِف',
  جوال: 'جَوَّال',
  أصلي: 'أَصْلِي',
  أصلية: 'أَصْلِيَّة',
  نظيف: 'نَظِيف',
  نظيفة: 'نَظِيفَة',
  كامل: 'كَامِل',
  كاملة: 'كَامِلَة',
  مع: 'مَعَ',
  في: 'فِي',
  من: 'مِنْ',
  على: 'عَلَى',
  غرفة: 'غُرْفَة',
  غرف: 'غُرَف',
  مطبخ: 'مَطْبَخ',
  ثلاجة: 'ثَلَّاجَة',
  غسالة: 'غَسَّالَة',
  مكيف: 'مُكَيِّف',
  ساعة: 'سَاعَة',
  عطر: 'عِطْر',
  ذهب: 'ذَهَب',
  كتاب: 'كِتَاب',
  دراجة: 'دَرَّاجَة',
  قطة: 'قِطَّة',
  حصان: 'حِصَان',
  أرض: 'أَرْض',
  للإيجار: 'لِلْإِيجَار',
  سعر: 'سِعْر',
  مستخدم: 'مُسْتَخْدَم',
  صيانة: 'صِيَانَة',
  وكالة: 'وَكَالَة',
  قوي: 'قَوِيّ',
  كبيرة: 'كَبِيرَة',
  صغيرة: 'صَغِيرَة',
  عائلي: 'عَائِلِيّ',
  أبيض: 'أَبْيَض',
  أسود: 'أَسْوَد',
  مفروشة: 'مَفْرُوشَة',
  فاخرة: 'فَاخِرَة',
  تويوتا: 'تُويُوتَا',
};

/** The Arabic letters people leave plain when typing fast: hamza seats on alef, ta marbuta, alef maqsura. */
export function plainArabic(text: string) {
  return text.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي');
}

const NON_JOINING = new Set('اأإآدذرزوؤةىء'.split(''));
const ARABIC_LETTER = /[\u0621-\u064A]/;

/** Tatweel (kashida) after the second letter of longer words, where the letter joins the next. */
function stretched(text: string) {
  return text.replace(/[\u0621-\u064A]{4,}/g, (word) => {
    const letter = word[1] ?? '';
    return ARABIC_LETTER.test(letter) && !NON_JOINING.has(letter) ? `${word.slice(0, 2)}ـ${word.slice(2)}` : word;
  });
}

function diacritized(text: string) {
  return text.replace(/[\u0621-\u064A]+/g, (word) => DIACRITIZED[word] ?? word);
}

/** How an Arabic listing is typed: as is, plain letters, with diacritics, or stretched. */
export type ArabicStyle = 'as-is' | 'plain' | 'diacritics' | 'tatweel';
export function arabicStyle(draw: Draw): ArabicStyle {
  const u = draw.next();
  return u < 0.78 ? 'as-is' : u < 0.92 ? 'plain' : u < 0.98 ? 'diacritics' : 'tatweel';
}
export function styled(text: string, style: ArabicStyle) {
  if (style === 'plain') return plainArabic(text);
  if (style === 'diacritics') return diacritized(text);
  if (style === 'tatweel') return stretched(text);
  return text;
}

const ARABIC_CLITICS = ['و', 'ب', 'ل', 'ال', 'وال', 'بال', 'لل', 'ف'];
const CODE_LETTERS = 'abcdefghjklmnprstvwxyz';

/** Every word of the dataset, numbered, so the generator counts listings per word in typed arrays. */
export class Dictionary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  id(word: string) {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }
  /** The numbers of a text's words (lower case, as written). */
  idsOf(text: string) {
    return wordsOf(text).map((word) => this.id(word));
  }
}

/** A word to draw: as written in a listing (Arabic in its canonical letters) and its number. */
export interface RankedWord {
  text: string;
  id: number;
}

/**
 * The ranked vocabulary of one language: the templates' words by how often they occur, then the marketplace
 * words and the catalog's names, then the tail (clitic forms, model codes), each group ordered with a little
 * noise so neighbouring ranks mix.
 */
export function buildVocabulary(
  language: Language,
  templates: ListingTemplate[],
  catalog: CatalogFile,
  dictionary: Dictionary,
  draw: Draw,
): RankedWord[] {
  const score = new Map<string, number>();
  const add: AddWord = (word, value) => {
    if (word.length < 2 && !/\d/.test(word)) return;
    score.set(word, Math.max(score.get(word) ?? 0, value));
  };
  for (const [word, count] of corpusCounts(language, templates)) add(word, 10 * count * (0.8 + 0.4 * draw.next()));
  for (const word of wordsOf(EXTRA_WORDS[language])) add(word, 4 + 6 * draw.next());
  for (const name of catalogNames(language, catalog)) for (const word of wordsOf(name)) add(word, 1 + 3 * draw.next());

  const head = [...score.keys()];
  if (language === 'ar') addCliticForms(head, score, add, draw);
  else addPlurals(head, score, add, draw);
  addModelCodes(language, add, draw);
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([text]) => ({ text, id: dictionary.id(text) }));
}

/** Scores a word for the vocabulary: the highest score given wins. */
type AddWord = (word: string, value: number) => void;

/** How often each word occurs in the templates' titles and descriptions, in the order first met. */
function corpusCounts(language: Language, templates: ListingTemplate[]) {
  const corpus = new Map<string, number>();
  for (const template of templates) {
    for (const word of wordsOf(`${template.title[language]} ${template.description[language]}`)) {
      corpus.set(word, (corpus.get(word) ?? 0) + 1);
    }
  }
  return corpus;
}

/** The catalog's names in the language: cities and townships, manufacturers and models, every lookup. */
function catalogNames(language: Language, catalog: CatalogFile) {
  const names: string[] = [];
  for (const city of catalog.cities) {
    names.push(city.names[language] ?? city.name);
    for (const township of city.townships) names.push(township.names[language] ?? township.name);
  }
  for (const manufacturer of catalog.manufacturers) {
    names.push(manufacturer.names[language] ?? manufacturer.name);
    for (const model of manufacturer.models) names.push(model.names[language] ?? model.name);
  }
  for (const entries of Object.values(catalog.lookups)) {
    for (const entry of entries) names.push(entry.names[language] ?? entry.name);
  }
  return names;
}

/** Rare Arabic forms: each word of three letters or more with a clitic in front (و, ب, ال...). */
function addCliticForms(head: string[], score: Map<string, number>, add: AddWord, draw: Draw) {
  for (const word of head) {
    if (!/^[\u0621-\u064A]{3,}$/.test(word) || word.startsWith('ال') || word.startsWith('و')) continue;
    const base = score.get(word) ?? 1;
    for (const clitic of ARABIC_CLITICS) {
      if (clitic.endsWith('ل') && word.startsWith('ل')) continue;
      add(`${clitic}${word}`, base * 0.04 * draw.next());
    }
  }
}

/** Rare English forms: the plural of each word of four letters or more. */
function addPlurals(head: string[], score: Map<string, number>, add: AddWord, draw: Draw) {
  for (const word of head) {
    if (/^[a-z]{4,}$/.test(word) && !word.endsWith('s')) add(`${word}s`, (score.get(word) ?? 1) * 0.05 * draw.next());
  }
}

/** Model and part numbers: a long tail of words a few listings each share (both languages write them). */
function addModelCodes(language: Language, add: AddWord, draw: Draw) {
  const codes = language === 'en' ? 6000 : 2000;
  for (let index = 0; index < codes; index++) {
    const letters = `${draw.pick(CODE_LETTERS.split(''))}${draw.chance(0.5) ? draw.pick(CODE_LETTERS.split('')) : ''}`;
    add(`${letters}${draw.int(2, 9999)}`, 0.02 * draw.next());
  }
}

export function titleQualifiers(language: Language) {
  return TITLE_QUALIFIERS[language];
}

/** Seller names: Arabic and Latin, people and shops. */
export const SELLER_NAMES = {
  ar: {
    first:
      'محمد أحمد عبدالله خالد سعد فهد سلطان عمر علي يوسف إبراهيم ناصر فيصل تركي ماجد نورة سارة فاطمة ريم هند لطيفة مريم عائشة منى أمل'.split(
        ' ',
      ),
    last: 'العتيبي القحطاني الشمري الدوسري الزهراني الغامدي المطيري الحربي العنزي السبيعي الشهري المالكي اليامي السالم الخالدي حداد منصور'.split(
      ' ',
    ),
    shop: ['معرض', 'مؤسسة', 'متجر', 'شركة', 'مكتب'],
  },
  en: {
    first:
      'Mohammed Ahmed Abdullah Khalid Saad Fahad Sultan Omar Ali Youssef Ibrahim Nasser Faisal Turki Majed Noura Sara Fatima Reem Hind Latifa Maryam Aisha Mona Amal'.split(
        ' ',
      ),
    last: 'Al-Otaibi Al-Qahtani Al-Shammari Al-Dosari Al-Zahrani Al-Ghamdi Al-Mutairi Al-Harbi Al-Anazi Al-Subaie Haddad Mansour Nasser Karim Saleh Hassan'.split(
      ' ',
    ),
    shop: ['Motors', 'Trading', 'Store', 'Electronics', 'Real Estate'],
  },
} as const;
