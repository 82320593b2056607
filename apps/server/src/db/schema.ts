// The one schema object drizzle needs (drizzle.config.ts and the database client read this file): the tables live
// by domain in schema/, each file under 400 lines; this file only gathers them.

export * from './schema/add-ons.ts';
export * from './schema/auth.ts';
export * from './schema/booking-figures.ts';
export * from './schema/bookings.ts';
export * from './schema/courses.ts';
export * from './schema/money.ts';
export * from './schema/online-payments.ts';
export * from './schema/platform.ts';
export * from './schema/records.ts';
export * from './schema/reviews.ts';
export * from './schema/series.ts';
export * from './schema/tax.ts';
export * from './schema/texts.ts';
export * from './schema/vat-returns.ts';
export * from './schema/vouchers.ts';
export * from './schema/waitlist.ts';
