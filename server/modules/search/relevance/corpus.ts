/**
 * The fixed bilingual corpus the relevance set searches (issue 25 point 5): listings as people in the Gulf,
 * Egypt and the Levant write them, in Arabic or English, with the city (and district) they are in. The
 * relevance test puts them in a category of their own, so the demo data never competes with them.
 */
export interface CorpusListing {
  key: string;
  title: string;
  description: string;
  brand?: string;
  /** The city's name in the seed (English), and a district's. */
  city: string;
  district?: string;
}

type Row = [key: string, title: string, description: string, city: string, brand?: string, district?: string];

const ROWS: Row[] = [
  ['camry-ar', 'تويوتا كامري 2019 فل كامل نظيفة جداً', 'سيارة عائلية صيانة وكالة بدون حوادث', 'Riyadh', 'Toyota'],
  ['camry-en', 'Toyota Camry 2017 GLE, clean', 'Agency service history, first owner, no accidents', 'Jeddah', 'Toyota'],
  ['landcruiser-ar', 'لاندكروزر GXR 2015 ثمان سلندر', 'جيب ممشى قليل بحالة ممتازة', 'Riyadh', 'Toyota'],
  ['hilux-ar', 'تويوتا هايلكس غمارتين ديزل', 'وانيت شغال بدون مشاكل', 'Dammam', 'Toyota'],
  ['corolla-en', 'Toyota Corolla 2020 low mileage', 'Economical sedan, one owner', 'Dubai', 'Toyota'],
  ['mercedes-ar', 'مرسيدس E200 موديل 2018 بحالة ممتازة', 'سيارة نظيفة جداً لون أسود', 'Riyadh', 'Mercedes-Benz'],
  ['mercedes-en', 'Mercedes-Benz C200 2016, full service history', 'Black sedan in excellent condition', 'Dubai'],
  ['elantra-ar', 'هيونداي النترا 2021 اقتصادية', 'سيارة موفرة للبنزين ضمان سارٍ', 'Jeddah', 'Hyundai'],
  ['accent-en', 'Hyundai Accent 2019, great first car', 'Cheap to run, new tyres', 'Cairo', 'Hyundai'],
  ['patrol-ar', 'نيسان باترول بلاتينيوم 2020', 'جيب عائلي فل كامل', 'Riyadh', 'Nissan'],
  ['sportage-en', 'Kia Sportage 2018 family SUV', 'Seven years of service at the dealer', 'Amman', 'Kia'],
  ['bmw-ar', 'بي ام دبليو X5 فل اوبشن', 'سيارة ألمانية بحالة الوكالة', 'Kuwait City', 'BMW'],
  ['lexus-ar', 'لكزس ES 350 فل كامل', 'سيدان فخمة نظيفة', 'Riyadh', 'Lexus'],
  ['mustang-en', 'Ford Mustang GT 5.0 V8', 'Red coupe, manual gearbox', 'Kuwait City', 'Ford'],
  ['civic-ar', 'هوندا سيفيك 2020 نظيفة', 'سيارة اقتصادية للبيع', 'Jeddah', 'Honda'],
  ['tahoe-en', 'Chevrolet Tahoe 2021 LTZ', 'Eight seats, leather, sunroof', 'Riyadh', 'Chevrolet'],
  ['iphone13-en', 'iPhone 13 Pro Max 256GB', 'Battery health 90%, with the box', 'Riyadh', 'Apple'],
  ['iphone14-ar', 'آيفون 14 برو بحالة الوكالة', 'جوال نظيف مع الكرتون والشاحن', 'Jeddah', 'Apple'],
  ['iphone11-ar', 'ايفون 11 الشاشة مكسورة', 'يصلح قطع غيار', 'Cairo', 'Apple'],
  ['galaxy-en', 'Samsung Galaxy S23 Ultra with box', 'Phone in perfect condition, 512GB', 'Dubai', 'Samsung'],
  ['galaxy-ar', 'سامسونج جالكسي اس 22 نظيف', 'جوال مستعمل استعمال خفيف', 'Riyadh', 'Samsung'],
  ['ps5-en', 'PlayStation 5 disc edition', 'Two controllers and three games', 'Riyadh', 'Sony'],
  ['ps4-ar', 'بلايستيشن 4 برو مع ثلاث أشرطة', 'جهاز ألعاب نظيف', 'Kuwait City', 'Sony'],
  ['xbox-en', 'Xbox Series X barely used', 'Console with one controller', 'Doha', 'Microsoft'],
  ['macbook-ar', 'ماكبوك اير M2 مقاس 13', 'لابتوب أبل بطارية ممتازة', 'Jeddah', 'Apple'],
  ['laptop-en', 'Dell laptop i7 16GB RAM', 'Good for work and study', 'Cairo', 'Dell'],
  ['ipad-ar', 'ايباد برو 12.9 مع القلم', 'تابلت أبل بحالة ممتازة', 'Riyadh', 'Apple'],
  ['tv-ar', 'تلفزيون سامسونج 55 بوصة سمارت', 'يدعم نتفلكس ويوتيوب', 'Riyadh', 'Samsung'],
  ['tv-en', 'LG 65 inch OLED TV', 'Wall mount included', 'Dubai', 'LG'],
  ['fridge-ar', 'ثلاجة ال جي نوفروست كبيرة', 'بابين تبريد ممتاز', 'Dammam', 'LG'],
  ['washer-en', 'Washing machine 8kg front load', 'Works perfectly, moving out', 'Manama'],
  ['ac-ar', 'مكيف سبليت 24 ألف وحدة', 'تبريد قوي مع التركيب', 'Riyadh', 'Gree'],
  ['sofa-ar', 'كنب زاوية رمادي سبعة مقاعد', 'قماش نظيف بدون عيوب', 'Riyadh'],
  ['sofa-en', 'Three seater sofa, grey fabric', 'From a smoke free home', 'Dubai'],
  ['bed-ar', 'سرير مزدوج مع مرتبة طبية', 'خشب زان قوي', 'Jeddah'],
  ['table-en', 'Wooden dining table', 'Seats six, solid oak', 'Amman'],
  ['chair-en', 'Ergonomic office chair', 'Adjustable height and arms', 'Cairo'],
  ['flat-rent-ar', 'شقة للايجار ثلاث غرف', 'قريبة من الخدمات دور ثاني', 'Riyadh', undefined, 'Al Olaya'],
  [
    'flat-rent-en',
    'Two bedroom apartment for rent',
    'Near the metro, balcony with a view',
    'Dubai',
    undefined,
    'Dubai Marina',
  ],
  ['flat-sale-ar', 'شقة للبيع غرفتين وصالة', 'تشطيب سوبر لوكس', 'Cairo', undefined, 'Nasr City'],
  ['villa-sale-ar', 'فيلا دوبلكس للبيع مع مسبح', 'مساحة 400 متر واجهة شمالية', 'Riyadh', undefined, 'Al Malqa'],
  ['villa-rent-en', 'Villa for rent with a garden', 'Four bedrooms, maid room', 'Doha', undefined, 'The Pearl'],
  ['land-ar', 'أرض سكنية للبيع 600 متر', 'على شارعين موقع مميز', 'Dammam'],
  ['bicycle-en', 'Mountain bike 27.5 inch', 'Aluminium frame, 21 gears', 'Jeddah', 'Trek'],
  ['motorbike-ar', 'دباب هوندا 250 سي سي', 'ماشي قليل مع خوذة', 'Riyadh', 'Honda'],
  ['harley-en', 'Harley-Davidson Street Glide 2019', 'Touring motorcycle, garage kept', 'Dubai', 'Harley-Davidson'],
  ['camel-ar', 'ابل مجاهيم للبيع', 'حلال طيب من الشمال', 'Riyadh'],
  ['sheep-ar', 'خروف نعيمي للبيع', 'عمر سنة صحة ممتازة', 'Riyadh'],
  ['cat-en', 'Persian cat, vaccinated', 'Friendly, litter trained', 'Kuwait City'],
  ['cat-ar', 'قطة شيرازي مطعمة', 'عمرها ثلاثة شهور', 'Cairo'],
  ['job-en', 'Delivery driver job', 'Full time, own vehicle needed', 'Riyadh'],
  ['job-ar', 'وظيفة محاسب بدوام كامل', 'خبرة سنتين على الأقل', 'Jeddah'],
  ['gold-ar', 'طقم ذهب عيار 21', 'مع الفاتورة', 'Riyadh'],
  ['watch-en', 'Rolex Submariner watch', 'Box and papers, 2020', 'Dubai', 'Rolex'],
  ['perfume-ar', 'عطر عود فاخر 100 مل', 'أصلي مغلف', 'Riyadh'],
  ['camera-en', 'Canon EOS R6 camera body', 'Low shutter count', 'Jeddah', 'Canon'],
  ['tyres-ar', 'كفرات ميشلان مقاس 18', 'أربع كفرات استخدام شهر', 'Riyadh', 'Michelin'],
  ['truck-en', 'Mercedes Actros truck 2015', 'Tractor head, ready to work', 'Dammam', 'Mercedes-Benz'],
  ['car-screen-ar', 'شاشة سيارة أندرويد 10 إنش', 'تدعم كار بلاي والكاميرا الخلفية', 'Riyadh'],
  ['prado-en', 'Toyota Prado 2016 VX', 'Seven seats, well kept', 'Muscat', 'Toyota'],
];

export const CORPUS: readonly CorpusListing[] = ROWS.map(([key, title, description, city, brand, district]) => ({
  key,
  title,
  description,
  city,
  ...(brand ? { brand } : {}),
  ...(district ? { district } : {}),
}));
