import {
  AppError,
  buyCourseInput,
  COURSE_ONLINE_REFUSAL,
  type Course,
  type CoursePurchase,
  courseLabel,
  sellCourseInput,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client.ts';
import { courseProduct, coursePurchase, user } from '../../db/schema.ts';
import { todayOf } from '../../lib/clock.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { addMonths } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type InputRequest, type RowRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { courseSoldEntry } from '../ledger/course-postings.ts';
import { salesVatRateBp } from '../ledger/ledger.service.ts';
import { createPurchaseIntent, paidByIntent, readSettledOnReturn } from '../payments/stripe-client.ts';
import {
  type CourseDeps,
  type CourseRow,
  type CourseTx,
  courseViews,
  forPosting,
  postCourseEntry,
} from './course-rules.ts';

/** A course on sale, read under the sale's transaction; a course taken off sale is not sold. */
async function productOnSale(tx: DbOrTx, productId: string) {
  const [product] = await tx
    .select()
    .from(courseProduct)
    .where(and(eq(courseProduct.id, productId), eq(courseProduct.active, true)));
  if (!product) throw new AppError('VALIDATION', 'productId: Choose one of the courses on sale.');
  return product;
}

/** The purchase as sold: the treatment, sessions and price copied from the course, its VAT at today's rate. */
async function purchaseValues(
  deps: CourseTx,
  request: { product: typeof courseProduct.$inferSelect; clientId: string },
) {
  const { product } = request;
  return {
    productId: product.id,
    clientId: request.clientId,
    serviceId: product.serviceId,
    serviceName: product.serviceName,
    style: product.style,
    serviceType: product.serviceType,
    durationMinutes: product.durationMinutes,
    sessions: product.sessions,
    sessionsLeft: product.sessions,
    pricePence: product.pricePence,
    // One treatment at one rate: single-purpose, VAT due at sale (decision 081, as 051 for vouchers).
    vatRateBp: await salesVatRateBp(deps.tx),
    expiryMonths: product.expiryMonths,
    expiresOn: addMonths(todayOf(deps), product.expiryMonths),
  };
}

/** The owner records a course sold at the till to one of their clients: active at once, the money posted. */
export async function sellCourseAtTill(deps: CourseDeps, request: InputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const data = parseInput(sellCourseInput, request.input);
  const row = await deps.db.transaction(async (tx) => {
    const product = await productOnSale(tx, data.productId);
    const [client] = await tx.select({ id: user.id }).from(user).where(eq(user.id, data.clientId));
    if (!client) throw new AppError('VALIDATION', 'clientId: Choose one of your clients.');
    const [row] = await tx
      .insert(coursePurchase)
      .values({
        ...(await purchaseValues({ ...deps, tx }, { product, clientId: client.id })),
        status: 'active',
        soldBy: data.method,
        createdBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('course purchase insert returned no row');
    await postCourseEntry(tx, {
      draft: courseSoldEntry({
        course: forPosting(row),
        method: data.method,
        date: todayOf(deps),
        description: `Course sold: ${courseLabel(row)}`,
      }),
      by: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'course.sell',
      entityType: 'course',
      entityId: row.id,
      before: null,
      after: { clientId: row.clientId, pricePence: row.pricePence, sessions: row.sessions, soldBy: row.soldBy },
    });
    return row;
  });
  const [view] = await courseViews(deps.db, [row]);
  return view as Course;
}

/**
 * A client buys a course online: a purchase awaiting payment and its PaymentIntent (purpose 'course'); the course is
 * active only once Stripe says the money was taken. A sensual course is refused before anything reaches Stripe.
 */
export async function buyCourse(deps: CourseDeps, request: InputRequest): Promise<CoursePurchase> {
  const me = requireSignedIn(request.actor);
  const stripe = deps.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', 'Courses are sold in person here.');
  const data = parseInput(buyCourseInput, request.input);
  const row = await deps.db.transaction(async (tx) => {
    const product = await productOnSale(tx, data.productId);
    if (product.style === 'sensual') throw new AppError('VALIDATION', `productId: ${COURSE_ONLINE_REFUSAL}`);
    const [row] = await tx
      .insert(coursePurchase)
      .values({
        ...(await purchaseValues({ ...deps, tx }, { product, clientId: me.id })),
        status: 'awaiting_payment',
        soldBy: 'online',
        createdBy: me.id,
      })
      .returning();
    if (!row) throw new Error('course purchase insert returned no row');
    return row;
  });
  const intent = await createPurchaseIntent(stripe, {
    amount: row.pricePence,
    currency: deps.env.BUSINESS_CURRENCY,
    metadata: { courseId: row.id, purpose: 'course' },
    // Never the treatment's name on a card statement or receipt (as vouchers, decision 052).
    description: 'Course of sessions',
    idempotencyKey: `course-${row.id}`,
    cancel: () => deps.db.update(coursePurchase).set({ status: 'cancelled' }).where(eq(coursePurchase.id, row.id)),
  });
  const [stored] = await deps.db
    .update(coursePurchase)
    .set({ intentId: intent.id })
    .where(eq(coursePurchase.id, row.id))
    .returning();
  const [view] = await courseViews(deps.db, [stored ?? row]);
  return { course: view as Course, clientSecret: intent.client_secret };
}

/**
 * Stripe says a course's payment succeeded (the verified webhook, or the client back from the redirect asking
 * Stripe): the course becomes active once, valid from today, and the money is posted from Stripe clearing.
 */
export async function settleCourseIntent(
  deps: CourseTx,
  request: { intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'> },
): Promise<string> {
  const { tx } = deps;
  const { intent } = request;
  const [row] = await tx
    .select()
    .from(coursePurchase)
    .where(paidByIntent(coursePurchase, intent, 'courseId'))
    .for('update');
  if (!row) return 'no course for this payment';
  if (row.status !== 'awaiting_payment' && row.status !== 'cancelled') return 'course already active';
  const today = todayOf(deps);
  const [active] = await tx
    .update(coursePurchase)
    .set({ status: 'active', intentId: intent.id, expiresOn: addMonths(today, row.expiryMonths) })
    .where(eq(coursePurchase.id, row.id))
    .returning();
  if (!active) throw new Error('course update returned no row');
  await postCourseEntry(tx, {
    draft: courseSoldEntry({
      course: forPosting(active),
      method: 'online',
      date: today,
      description: `Course sold online: ${courseLabel(active)}`,
    }),
    by: null,
  });
  return 'course active';
}

/**
 * One of the client's own courses. Back from Stripe's redirect before the webhook, it asks Stripe itself and makes
 * the course active if the payment succeeded (the webhook then finds it done): either order ends the same way.
 */
export async function myCourse(deps: CourseDeps, request: RowRequest): Promise<Course> {
  const me = requireSignedIn(request.actor);
  const mine = async (): Promise<CourseRow> => {
    const [row] = uuidPattern.test(request.id)
      ? await deps.db
          .select()
          .from(coursePurchase)
          .where(and(eq(coursePurchase.id, request.id), eq(coursePurchase.clientId, me.id)))
      : [];
    if (!row) throw new AppError('NOT_FOUND', 'No such course.');
    return row;
  };
  const row = await readSettledOnReturn(deps.stripe, mine, (intent) =>
    deps.db.transaction((tx) => settleCourseIntent({ ...deps, tx }, { intent })),
  );
  const [view] = await courseViews(deps.db, [row]);
  return view as Course;
}
