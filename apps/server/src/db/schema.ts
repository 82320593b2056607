// The one schema object drizzle needs (drizzle.config.ts and the database client read this file): the tables live
// by domain in schema/, each file under 400 lines; this file only gathers them.
export * from './schema/auth.ts';
export * from './schema/bookings.ts';
export * from './schema/money.ts';
export * from './schema/online-payments.ts';
export * from './schema/platform.ts';
export * from './schema/vouchers.ts';
