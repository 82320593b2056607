import { z } from 'zod';
import { styleOfType } from './catalog.ts';
import { massageTypeSchema } from './services.ts';

/**
 * Add-ons: something extra on a treatment (hot stones +15 min +£15, aromatherapy oil +£5), with its own
 * minutes and price, offered for the treatments (service types, and so styles) the owner ticks. VAT is the
 * treatment's. A booking keeps what it took as a snapshot (decision 079), so editing or archiving one changes no
 * booking.
 */
export const addOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minutes: z.number().int(),
  pricePence: z.number().int(),
  /** The treatments it is offered with; their styles follow from them. */
  types: z.array(massageTypeSchema),
  archived: z.boolean(),
});
export type AddOn = z.infer<typeof addOnSchema>;

/** The longest an add-on may lengthen a treatment, and how many one booking may take. */
export const ADD_ON_MAX_MINUTES = 120;
export const ADD_ONS_PER_BOOKING = 5;

/** What the owner types for an add-on. */
export const addOnInput = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(60, 'Keep the name under 60 characters'),
  description: z.string().trim().max(300, 'Keep the description under 300 characters').default(''),
  minutes: z
    .number({ error: 'Enter the extra minutes (0 for none)' })
    .int()
    .min(0, 'Minutes cannot be negative')
    .max(ADD_ON_MAX_MINUTES, `At most ${ADD_ON_MAX_MINUTES} extra minutes`)
    .refine((m) => m % 5 === 0, 'Minutes in fives (0, 5, 10, 15 …)'),
  pricePence: z.number({ error: 'Enter the price' }).int().min(0, 'The price cannot be negative').max(100_000),
  types: z
    .array(massageTypeSchema)
    .min(1, 'Tick at least one treatment it goes with')
    .refine((t) => new Set(t).size === t.length, 'Each treatment once'),
});
export type AddOnInput = z.input<typeof addOnInput>;
export const updateAddOnInput = addOnInput.partial().extend({ archived: z.boolean().optional() });

/** The list of add-on ids a booking, a slot or a price question carries: `a,b` in an address, an array in JSON. */
export const addOnIdsField = z
  .union([z.array(z.uuid('Unknown add-on')), z.string()])
  .transform((value, ctx) => {
    const ids = typeof value === 'string' ? value.split(',').filter(Boolean) : value;
    for (const id of ids)
      if (!z.uuid().safeParse(id).success) ctx.addIssue({ code: 'custom', message: 'Unknown add-on' });
    return [...new Set(ids)];
  })
  .refine((ids) => ids.length <= ADD_ONS_PER_BOOKING, `At most ${ADD_ONS_PER_BOOKING} add-ons`);

/** What one booking took: a snapshot of the add-on as it was booked. */
export const bookingAddOnSchema = z.object({
  addOnId: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  pricePence: z.number().int(),
});
export type BookingAddOn = z.infer<typeof bookingAddOnSchema>;

/**
 * The owner sets what a booking takes on its sheet (adds one, or removes one): the whole list, and the version of the
 * booking they saw, so a sheet left open does not undo another change.
 */
export const setBookingAddOnsInput = z.strictObject({
  addOnIds: z.array(z.uuid('Unknown add-on')).max(ADD_ONS_PER_BOOKING, `At most ${ADD_ONS_PER_BOOKING} add-ons`),
  version: z.number().int().min(1),
});
export type SetBookingAddOnsInput = z.infer<typeof setBookingAddOnsInput>;

/** The styles an add-on's treatments belong to (the owner's list shows them). */
export function stylesOfAddOn(addOn: Pick<AddOn, 'types'>) {
  return [...new Set(addOn.types.map(styleOfType))];
}

/** The extra minutes and price of the chosen add-ons. */
export function addOnTotals(chosen: Pick<BookingAddOn, 'minutes' | 'pricePence'>[]) {
  return {
    minutes: chosen.reduce((sum, a) => sum + a.minutes, 0),
    pricePence: chosen.reduce((sum, a) => sum + a.pricePence, 0),
  };
}

/** Take-up of each add-on over a period: the bookings that took it, of the bookings it was offered with. */
export type AddOnTakeUp = {
  from: string;
  to: string;
  addOns: { id: string; name: string; archived: boolean; taken: number; offered: number; revenuePence: number }[];
};
