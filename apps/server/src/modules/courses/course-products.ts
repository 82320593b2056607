import { AppError, type CourseProduct, type CourseProductInput, courseProductInput } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { courseProduct, service } from '../../db/schema.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type RowInputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { type CourseDeps, type CourseProductRow, productView } from './course-rules.ts';

/** The treatment a course is for, at a length it is offered today: its name, style and type are kept with it. */
async function treatmentOf(tx: DbOrTx, input: { serviceId: string; durationMinutes: number }) {
  const [found] = await tx.select().from(service).where(eq(service.id, input.serviceId));
  if (!found?.active) throw new AppError('VALIDATION', 'serviceId: Choose one of the treatments offered.');
  if (!found.durations.some((d) => d.minutes === input.durationMinutes))
    throw new AppError(
      'VALIDATION',
      `durationMinutes: ${found.name} is offered for ${found.durations.map((d) => d.minutes).join(', ')} minutes.`,
    );
  return { serviceName: found.name, style: found.style, serviceType: found.type };
}

async function withSinglePrices(db: DbOrTx, rows: CourseProductRow[]): Promise<CourseProduct[]> {
  const services = await db.select({ id: service.id, durations: service.durations }).from(service);
  return rows.map((row) => {
    const length = services
      .find((s) => s.id === row.serviceId)
      ?.durations.find((d) => d.minutes === row.durationMinutes);
    return productView(row, length ? length.pricePence * row.sessions : null);
  });
}

/** Every course the owner has set up, on sale or not. */
export async function listCourseProducts(deps: CourseDeps, request: { actor: Actor | null }) {
  requireRole(request.actor, 'admin');
  const rows = await deps.db
    .select()
    .from(courseProduct)
    .orderBy(asc(courseProduct.serviceName), asc(courseProduct.durationMinutes), asc(courseProduct.sessions));
  return withSinglePrices(deps.db, rows);
}

/**
 * What a signed-in client can buy online: courses on sale of a therapeutic treatment only, since a sensual one is
 * never paid by card through Stripe (decision 065); and nothing at all without Stripe.
 */
export async function listCoursesOnSale(deps: CourseDeps, request: { actor: Actor | null }) {
  requireSignedIn(request.actor);
  if (!deps.stripe) return [];
  const rows = await deps.db
    .select()
    .from(courseProduct)
    .where(and(eq(courseProduct.active, true), eq(courseProduct.style, 'therapeutic')))
    .orderBy(asc(courseProduct.serviceName), asc(courseProduct.durationMinutes), asc(courseProduct.sessions));
  return withSinglePrices(deps.db, rows);
}

export async function createCourseProduct(deps: CourseDeps, request: InputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const data = parseInput(courseProductInput, request.input);
  return deps.db.transaction(async (tx) => {
    const treatment = await treatmentOf(tx, data);
    const [row] = await tx
      .insert(courseProduct)
      .values({ ...data, ...treatment })
      .returning();
    if (!row) throw new Error('course product insert returned no row');
    return auditedProduct(tx, { admin, action: 'course.product.create', before: null, row, data });
  });
}

/** Changing a course on offer changes what is sold from now on; courses already bought keep what they were sold as. */
export async function updateCourseProduct(deps: CourseDeps, request: RowInputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const data = parseInput(courseProductInput, request.input);
  return deps.db.transaction(async (tx) => {
    const [before] = uuidPattern.test(request.id)
      ? await tx.select().from(courseProduct).where(eq(courseProduct.id, request.id)).for('update')
      : [];
    if (!before) throw new AppError('NOT_FOUND', 'No such course.');
    const treatment = await treatmentOf(tx, data);
    const [row] = await tx
      .update(courseProduct)
      .set({ ...data, ...treatment })
      .where(eq(courseProduct.id, before.id))
      .returning();
    if (!row) throw new Error('course product update returned no row');
    return auditedProduct(tx, { admin, action: 'course.product.update', before, row, data });
  });
}

/** A course on offer just saved: audited with what the owner sent, answered with its single-session prices. */
async function auditedProduct(
  tx: DbOrTx,
  saved: {
    admin: Actor;
    action: string;
    before: CourseProductRow | null;
    row: CourseProductRow;
    data: CourseProductInput;
  },
): Promise<CourseProduct> {
  const { admin, action, before, row, data } = saved;
  await recordAudit(tx, { actor: admin, action, entityType: 'course', entityId: row.id, before, after: data });
  const [view] = await withSinglePrices(tx, [row]);
  return view as CourseProduct;
}
