import { z } from 'zod';
import { customerPolicySchema } from './bookings.ts';
import { pageFields } from './fields.ts';

export const customerSorts = ['name', 'bookings', 'spend', 'lastVisit', 'noShows', 'createdAt'] as const;
export const listCustomersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(customerSorts).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...pageFields(200),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuery>;

export type CustomerRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  policy: z.infer<typeof customerPolicySchema>;
  tags: string[];
  bookings: number;
  spendPence: number;
  lastVisit: string | null;
  noShows: number;
  createdAt: string;
};

export const tagField = z.string().trim().min(1).max(30);
export const updateCustomerInput = z.strictObject({
  policy: customerPolicySchema.optional(),
  tags: z.array(tagField).max(20).optional(),
  privateNotes: z.string().max(5000).optional(),
});
export type UpdateCustomerInput = z.infer<typeof updateCustomerInput>;
