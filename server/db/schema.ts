// The database schema, one file per area under schema/; drizzle-kit and the app read it here.
export * from './schema/accounts.js';
export * from './schema/content.js';
export * from './schema/esim.js';
export * from './schema/identity.js';
export * from './schema/jobs.js';
export * from './schema/lifecycle.js';
export * from './schema/line.js';
export * from './schema/orders.js';
export * from './schema/payments.js';
export * from './schema/receipts.js';
export * from './schema/sandbox.js';
export * from './schema/staff.js';
