// The client's policy, read (and first written) by the booking's state: kept apart from customers.service.ts, whose
// erasure reaches the payments module, so that the booking state stays below payments (decision 062).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customer } from '../../db/schema.ts';

/** The client's policy, their customer record made ('new') on their first booking, in the caller's transaction. */
export async function customerPolicyOf(tx: DbOrTx, request: { userId: string }) {
  await tx.insert(customer).values({ userId: request.userId }).onConflictDoNothing();
  const [row] = await tx.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, request.userId));
  return row?.policy ?? 'new';
}
