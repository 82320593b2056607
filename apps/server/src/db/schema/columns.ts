// Column shapes every table writes the same way, written once (Drizzle's reusable column definitions). Each takes
// the column's SQL name, so a table still shows every column it has; a builder returned here chains like any other.
import { type AnyPgColumn, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's own id: a uuid the database draws at random. */
export const uuidPrimaryKey = <N extends string>(name: N) => uuid(name).primaryKey().defaultRandom();

/** A required moment, with its time zone: the time of the insert unless given. */
export const timestampDefaultNow = <N extends string>(name: N) =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A required sum of money in pence. */
export const pence = <N extends string>(name: N) => integer(name).notNull();

/** The row this one belongs to (a uuid): required, and deleting that row deletes this one. */
export const uuidParentRef = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** The row this one belongs to (a text id, e.g. the user's): required, and deleting that row deletes this one. */
export const textParentRef = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  text(name).notNull().references(parent, { onDelete: 'cascade' });

/**
 * The first two columns of a row that belongs to another: its own id, and under `key` the link to the row it belongs
 * to, as uuidParentRef makes it (required, deleted with that row).
 */
export function idAndUuidParent<K extends string, N extends string>(key: K, name: N, parent: () => AnyPgColumn) {
  const parentColumn = { [key]: uuidParentRef(name, parent) } as Record<K, ReturnType<typeof uuidParentRef<N>>>;
  return { id: uuidPrimaryKey('id'), ...parentColumn };
}

/** The same, when the row it belongs to has a text id (the user's), as textParentRef makes the link. */
export function idAndTextParent<K extends string, N extends string>(key: K, name: N, parent: () => AnyPgColumn) {
  const parentColumn = { [key]: textParentRef(name, parent) } as Record<K, ReturnType<typeof textParentRef<N>>>;
  return { id: uuidPrimaryKey('id'), ...parentColumn };
}

/** A required link to another row (a uuid) that the database keeps from being deleted while linked. */
export const requiredUuidRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target);

/** Every table's created and updated times. */
export const timestamps = {
  createdAt: timestampDefaultNow('created_at'),
  updatedAt: timestampDefaultNow('updated_at').$onUpdate(() => new Date()),
};
