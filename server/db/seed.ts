import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { banners, faqs, pages, plans, stores } from './schema.js';
import { seedFaqs } from './seed-faq.js';
import { seedPages } from './seed-pages.js';

// What a newcomer sees on a fresh database: a real-looking home page in both languages.
// Prices are integer yen excluding the 10 % consumption tax.

export const seedPlans: (typeof plans.$inferInsert)[] = [
  {
    code: 'lite-5',
    nameCn: '轻享 5GB 套餐',
    nameJa: 'ライト 5GB プラン',
    descriptionCn: '适合日常聊天与地图导航，微信、支付宝等 22 款应用免流量。',
    descriptionJa: 'チャットや地図に最適。WeChat・Alipay など 22 アプリはデータ消費ゼロ。',
    dataGb: 5,
    throttledKbps: 300,
    originalPrice: 3000,
    activityPrice: 1800,
    monthlyRent: 1800,
    sort: 1,
  },
  {
    code: 'standard-20',
    nameCn: '畅享 20GB 套餐',
    nameJa: 'スタンダード 20GB プラン',
    descriptionCn: '留学生最爱，视频通话与网课都够用。',
    descriptionJa: '留学生に人気。ビデオ通話もオンライン授業も安心。',
    dataGb: 20,
    throttledKbps: 1000,
    originalPrice: 4500,
    activityPrice: 2800,
    monthlyRent: 2800,
    sort: 2,
    // Offered as an eSIM too (issue 30).
    esim: true,
  },
  {
    code: 'max-50',
    nameCn: '尊享 50GB 套餐',
    nameJa: 'マックス 50GB プラン',
    descriptionCn: '重度用户与家庭热点首选，超出后仍可 1Mbps 不限量使用。',
    descriptionJa: 'テザリングや動画をよく使う方に。超過後も 1Mbps で使い放題。',
    dataGb: 50,
    throttledKbps: 1000,
    originalPrice: 6500,
    activityPrice: 4200,
    monthlyRent: 4200,
    sort: 3,
  },
  {
    // A voice line with a phone number: identity by IC chip, JPKI or at the counter (issue 29).
    code: 'voice-10',
    nameCn: '通话 10GB 套餐（含电话号码）',
    nameJa: '音声通話 10GB プラン（電話番号付き）',
    descriptionCn: '日本手机号码，可打电话、收验证码短信。需通过在留卡 IC 芯片或个人编号卡进行本人确认。',
    descriptionJa:
      '日本の電話番号付き。通話・SMS 認証に。在留カードの IC チップまたはマイナンバーカードで本人確認します。',
    dataGb: 10,
    throttledKbps: 300,
    originalPrice: 4000,
    activityPrice: 2980,
    monthlyRent: 2980,
    sort: 4,
    lineType: 'voice',
    esim: true,
  },
];

export const seedBanners: (typeof banners.$inferInsert)[] = [
  {
    // Says only what the prices give: the cheapest plan's activity price with tax (the first
    // payment and the rent), its original price struck through on the plan list. No plan's
    // first month is half its rent, so the old "first month half price" was not true.
    titleCn: '限时特惠 月租 ¥1,980 起（含税）',
    titleJa: '期間限定価格 月額 ¥1,980〜（税込）',
    subtitleCn: '微信、支付宝、信用卡均可支付',
    subtitleJa: 'WeChat Pay・Alipay・クレジットカード対応',
    image: 'banners/welcome.svg',
    link: '/pages/process/setmeal',
    sort: 1,
  },
  {
    titleCn: '22 款热门应用免流量',
    titleJa: '人気 22 アプリがデータ消費ゼロ',
    subtitleCn: '流量不限量，超出后限速',
    subtitleJa: 'データ無制限、超過後は速度制限のみ',
    image: 'banners/free-apps.svg',
    link: '/pages/public/richtext?name=sim-rules',
    sort: 2,
  },
  {
    titleCn: '留学生专享套餐',
    titleJa: '留学生向けプラン',
    subtitleCn: '3 个工作日内发货，可到店自取',
    subtitleJa: '3 営業日以内に発送、店舗受取も可能',
    image: 'banners/students.svg',
    link: '/preview-image?src=banners/students.svg',
    sort: 3,
  },
];

const seedStores: (typeof stores.$inferInsert)[] = [
  {
    nameCn: '池袋旗舰店',
    nameJa: '池袋本店',
    addressCn: '东京都丰岛区西池袋 1-18-2 藤久大厦 5 楼',
    addressJa: '東京都豊島区西池袋1-18-2 藤久ビル5階',
    hoursCn: '每天 10:00-20:00',
    hoursJa: '毎日 10:00-20:00',
    phone: '03-5985-0001',
    lat: 35.7303,
    lng: 139.7092,
    sort: 1,
  },
  {
    nameCn: '新宿店',
    nameJa: '新宿店',
    addressCn: '东京都新宿区西新宿 1-5-1 新宿西口大厦 3 楼',
    addressJa: '東京都新宿区西新宿1-5-1 新宿西口ビル3階',
    hoursCn: '工作日 11:00-19:00，周末 10:00-18:00',
    hoursJa: '平日 11:00-19:00、土日 10:00-18:00',
    phone: '03-6304-0002',
    lat: 35.6913,
    lng: 139.6982,
    sort: 2,
  },
  {
    nameCn: '大阪难波店',
    nameJa: '大阪なんば店',
    addressCn: '大阪府大阪市中央区难波 3-7-12 GATE 大厦 2 楼',
    addressJa: '大阪府大阪市中央区難波3-7-12 GATEビル2階',
    hoursCn: '每天 11:00-20:00（周三休息）',
    hoursJa: '11:00-20:00（水曜定休）',
    phone: '06-6632-0003',
    lat: 34.6659,
    lng: 135.5013,
    sort: 3,
  },
];

/** Seeds a database that has no plans yet; several processes starting together seed once. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72731001)`);
    // Pages are added by name, so a database seeded by an older version gains new ones.
    await tx.insert(pages).values(seedPages).onConflictDoNothing({ target: pages.name });
    const [{ faqCount } = { faqCount: 0 }] = await tx.select({ faqCount: sql<number>`count(*)::int` }).from(faqs);
    if (faqCount === 0) await tx.insert(faqs).values(seedFaqs);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(plans);
    if (count > 0) return false;
    await tx.insert(plans).values(seedPlans);
    await tx.insert(banners).values(seedBanners);
    await tx.insert(stores).values(seedStores);
    return true;
  });
}
