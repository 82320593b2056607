import { paymentMethods } from '@app/shared';

export type PaymentMethod = (typeof paymentMethods)[number];

/** How a payment taken by hand is named on screen. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
};

/** The methods as a select's choices, in the shared package's order. */
export const paymentMethodOptions = paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }));
