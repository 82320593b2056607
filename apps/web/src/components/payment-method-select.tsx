import { Select, type SelectProps } from '@mantine/core';
import { paymentMethodOptions } from '../lib/payment-methods.ts';

/** How money taken by hand was paid: one of the payment methods, always one. */
export function PaymentMethodSelect(props: Omit<SelectProps, 'data' | 'allowDeselect'>) {
  return <Select data={paymentMethodOptions} allowDeselect={false} {...props} />;
}
