import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Content shown to customers is stored in both display languages side by side, so a
// language switch is a different column, never a second row that can drift.
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titleCn: text('title_cn').notNull(),
  titleJa: text('title_ja').notNull(),
  subtitleCn: text('subtitle_cn').notNull().default(''),
  subtitleJa: text('subtitle_ja').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameCn: text('name_cn').notNull(),
  nameJa: text('name_ja').notNull(),
  descriptionCn: text('description_cn').notNull().default(''),
  descriptionJa: text('description_ja').notNull().default(''),
  dataGb: integer('data_gb').notNull(),
  throttledKbps: integer('throttled_kbps').notNull(),
  // Integer yen, excluding the 10 % consumption tax (contract/pricing.ts adds it).
  originalPrice: integer('original_price').notNull(),
  activityPrice: integer('activity_price').notNull(),
  monthlyRent: integer('monthly_rent').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  // What the plan sells (contract/identity-rules.ts LINE_TYPES): a voice line has a phone
  // number, and the law allows it only chip, JPKI or counter identity checks.
  lineType: text('line_type').$type<'data' | 'voice'>().notNull().default('data'),
  // The plan may be delivered as an eSIM besides a posted or picked-up SIM (issue 30).
  esim: boolean('esim').notNull().default(false),
});

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  nameCn: text('name_cn').notNull(),
  nameJa: text('name_ja').notNull(),
  addressCn: text('address_cn').notNull(),
  addressJa: text('address_ja').notNull(),
  hoursCn: text('hours_cn').notNull(),
  hoursJa: text('hours_ja').notNull(),
  phone: text('phone').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Rich-text pages (terms, privacy policy, SIM rules) in both languages. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  titleCn: text('title_cn').notNull(),
  titleJa: text('title_ja').notNull(),
  bodyCn: text('body_cn').notNull(),
  bodyJa: text('body_ja').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Frequently asked questions, grouped by topic, in both languages. */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  questionCn: text('question_cn').notNull(),
  answerCn: text('answer_cn').notNull(),
  questionJa: text('question_ja').notNull(),
  answerJa: text('answer_ja').notNull(),
  sort: integer('sort').notNull().default(0),
});
