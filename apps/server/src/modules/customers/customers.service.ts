import {
  AppError,
  type CustomerRow,
  customerPolicySchema,
  listCustomersQuery,
  phoneField,
  privateReasonSchema,
  updateCustomerInput,
} from '@app/shared';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, customer, emailOutbox, payment, user } from '../../db/schema.ts';
import { containsPattern, parseInput } from '../../lib/validation.ts';
import { auditOf, recordAudit } from '../audit/audit.service.ts';
import { type Actor, type QueryRequest, requireRole } from '../auth/actor.ts';
import { erasePerson, exportPersonData } from '../personal-data/personal-data.service.ts';
import { keepPrivateReason } from '../records/screening.ts';

// A block may carry the owner's private reason: kept for the owner alone, never shown to the client.
export const setPolicyInput = z.strictObject({
  policy: customerPolicySchema,
  privateReason: privateReasonSchema.optional(),
});

/**
 * What each sort orders by. Columns of the person are read as they are; a figure is aggregated for the people
 * searched for (or everyone) and only that one figure, so the other figures are computed for the page alone.
 */
const sortKeys = (within: SQL) => ({
  name: { key: sql`lower(p.name)`, join: sql`` },
  createdAt: { key: sql`p.created_at`, join: sql`` },
  bookings: {
    key: sql`coalesce(k.value, 0)`,
    join: sql`left join (select client_id, count(*) filter (where status <> 'cancelled')::int as value
                            from booking ${within} group by client_id) k on k.client_id = p.id`,
  },
  lastVisit: {
    key: sql`k.value`,
    join: sql`left join (select client_id, max(starts_at) filter (where status = 'completed') as value
                            from booking ${within} group by client_id) k on k.client_id = p.id`,
  },
  noShows: {
    key: sql`coalesce(k.value, 0)`,
    join: sql`left join (select client_id, count(*) filter (where status = 'no_show')::int as value
                            from booking ${within} group by client_id) k on k.client_id = p.id`,
  },
  spend: {
    // Kept per client by triggers (client_spend, decision 044): no payment is read to sort.
    key: sql`coalesce(k.spend_pence, 0)`,
    join: sql`left join client_spend k on k.client_id = p.id`,
  },
});

/**
 * Customers with their figures, searched by name, email or phone (a trigram index on the same
 * expression), sorted by any column and paged. The people are found and paged first, on their ids and the sort key
 * alone; the page's own rows then get their details, and their figures over the client indexes of bookings and
 * payments, never over every booking. `people` is inlined when read once and kept when an aggregate reads it too.
 */
export async function listCustomers(db: Db, request: QueryRequest) {
  requireRole(request.actor, 'admin');
  const q = parseInput(listCustomersQuery, request.query);
  const search = q.q ? containsPattern(q.q.toLowerCase()) : null;
  // A whole number typed the British way (07700 900123) is also looked for as stored since then: in E.164.
  const typedPhone = q.q ? phoneField.safeParse(q.q) : null;
  const phoneSearch = typedPhone?.success ? sql` or coalesce(u.phone, '') = ${typedPhone.data}` : sql``;
  const order = q.order === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  // Only the people searched for: their ids bound the aggregate; without a search it runs over everyone.
  const sort = sortKeys(search ? sql`where client_id in (select id from people)` : sql``)[q.sort];
  const result = await db.execute(sql`
    with people as (
      select u.id, u.name, u.created_at
        from "user" u
       where u.role = 'user'
         ${search ? sql`and ((lower(u.name) || ' ' || lower(u.email) || ' ' || coalesce(u.phone, '')) like ${search}${phoneSearch})` : sql``}
    ), page as (
      select p.id, ${sort.key} as sort_key, count(*) over ()::int as total
        from people p ${sort.join}
       order by sort_key ${order}, p.id
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
    )
    select g.id, u.name, u.email, u.phone, u.created_at, g.total,
           coalesce(c.policy, 'new') as policy, coalesce(c.tags, '{}') as tags,
           s.bookings, coalesce(m.spend_pence, 0) as spend_pence, s.last_visit, s.no_shows
      from page g
      join "user" u on u.id = g.id
      left join customer c on c.user_id = g.id
      cross join lateral (
        select count(*) filter (where status <> 'cancelled')::int as bookings,
               max(starts_at) filter (where status = 'completed') as last_visit,
               count(*) filter (where status = 'no_show')::int as no_shows
          from booking b where b.client_id = g.id) s
      left join lateral (select sum(amount_pence)::int as spend_pence from payment y where y.client_id = g.id) m on true
     order by g.sort_key ${order}, g.id`);
  type Row = {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    created_at: string | Date;
    policy: CustomerRow['policy'];
    tags: string[] | string;
    bookings: number;
    spend_pence: number;
    last_visit: string | Date | null;
    no_shows: number;
    total: number;
  };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    total: Number(rows[0]?.total ?? 0),
    customers: rows.map(
      (r): CustomerRow => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        policy: r.policy,
        tags: Array.isArray(r.tags) ? r.tags : parsePgArray(r.tags),
        bookings: Number(r.bookings),
        spendPence: Number(r.spend_pence),
        lastVisit: iso(r.last_visit),
        noShows: Number(r.no_shows),
        createdAt: iso(r.created_at) ?? '',
      }),
    ),
  };
}

/** node-postgres returns text[] parsed; a raw '{a,b}' string only appears through some drivers. */
function parsePgArray(value: string): string[] {
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

async function findPerson(db: DbOrTx, userId: string) {
  const [found] = await db.select().from(user).where(eq(user.id, userId));
  if (found?.role !== 'user') throw new AppError('NOT_FOUND', 'No such customer.');
  return found;
}

export async function getCustomer(db: Db, request: { actor: Actor | null; userId: string }) {
  const { userId } = request;
  requireRole(request.actor, 'admin');
  const person = await findPerson(db, userId);
  const [profile] = await db.select().from(customer).where(eq(customer.userId, userId));
  return {
    customer: {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: person.emailVerified,
      phone: person.phone,
      createdAt: person.createdAt.toISOString(),
      policy: profile?.policy ?? 'new',
      tags: profile?.tags ?? [],
      privateNotes: profile?.privateNotes ?? '',
    },
    bookings: await db.select().from(booking).where(eq(booking.clientId, userId)).orderBy(desc(booking.startsAt)),
    payments: await db.select().from(payment).where(eq(payment.clientId, userId)).orderBy(desc(payment.paidAt)),
    emails: await db
      .select({
        id: emailOutbox.id,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, person.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(50),
    audit: await auditOf(db, { entityType: 'customer', entityId: userId }),
  };
}

/** Policy (blocked, trusted, new), tags and private notes; each change is audited with before and after. */
export async function updateCustomer(
  db: Db,
  request: { actor: Actor | null; userId: string; input: unknown },
  /** Written in the same transaction as the change (a block's private reason). */
  alongside?: (tx: DbOrTx, admin: Actor) => Promise<void>,
) {
  const { userId } = request;
  const admin = requireRole(request.actor, 'admin');
  const changes = parseInput(updateCustomerInput, request.input);
  if (changes.tags) changes.tags = [...new Set(changes.tags)];
  return db.transaction(async (tx) => {
    await findPerson(tx, userId);
    if (Object.keys(changes).length === 0) {
      // Nothing to change is not an error (and an empty SET is not valid SQL: a 500 the fuzz test found).
      await tx.insert(customer).values({ userId }).onConflictDoNothing();
      const [current] = await tx.select().from(customer).where(eq(customer.userId, userId));
      return current;
    }
    const [before] = await tx.select().from(customer).where(eq(customer.userId, userId));
    const [after] = await tx
      .insert(customer)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: customer.userId, set: changes })
      .returning();
    const view = (row: typeof before) => row && { policy: row.policy, tags: row.tags, privateNotes: row.privateNotes };
    await recordAudit(tx, {
      actor: admin,
      action: 'customer.updated',
      entityType: 'customer',
      entityId: userId,
      before: view(before) ?? null,
      after: view(after),
    });
    await alongside?.(tx, admin);
    return after;
  });
}

export async function setCustomerPolicy(db: Db, request: { actor: Actor | null; userId: string; input: unknown }) {
  const { policy, privateReason = '' } = parseInput(setPolicyInput, request.input);
  return updateCustomer(db, { actor: request.actor, userId: request.userId, input: { policy } }, (tx, admin) =>
    policy === 'blocked'
      ? keepPrivateReason(tx, {
          kind: 'blocked',
          reason: privateReason,
          clientId: request.userId,
          bookingId: null,
          by: admin.id,
        })
      : Promise.resolve(),
  );
}

export async function exportCustomer(db: Db, request: { actor: Actor | null; userId: string; recordsKey: Buffer }) {
  const { userId } = request;
  const admin = requireRole(request.actor, 'admin');
  await findPerson(db, userId);
  await recordAudit(db, {
    actor: admin,
    action: 'customer.exported',
    entityType: 'customer',
    entityId: userId,
    before: null,
    after: null,
  });
  return exportPersonData(db, { userId, recordsKey: request.recordsKey });
}

/** Erasure on request: the same rules as the client's own deletion; the audit keeps no personal data. */
export async function eraseCustomer(db: Db, request: { actor: Actor | null; userId: string }) {
  const { userId } = request;
  const admin = requireRole(request.actor, 'admin');
  await db.transaction(async (tx) => {
    await findPerson(tx, userId);
    await erasePerson(tx, { userId });
    await recordAudit(tx, {
      actor: admin,
      action: 'customer.erased',
      entityType: 'customer',
      entityId: userId,
      before: null,
      after: { erased: true },
    });
  });
}
