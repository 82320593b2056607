import { type Course, type CourseProduct, sellCourseInput } from '@app/shared';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { CustomerPicker, type PickedCustomer } from '../../../components/customers/customer-picker.tsx';
import { DialogFormSubmit } from '../../../components/dialog-form-submit.tsx';
import { PaymentMethodSelect } from '../../../components/payment-method-select.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSellCourse } from '../api.ts';

/** The owner records a course sold at the till: which course, to which client, and how it was paid. */
export function SellCourseForm({
  products,
  opened,
  onClose,
  onSold,
  fullScreen,
}: DialogProps & {
  products: CourseProduct[];
  onSold: (course: Course) => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Sell a course" size="md" fullScreen={fullScreen}>
      {opened && <SellBody products={products.filter((p) => p.active)} onSold={onSold} />}
    </AppModal>
  );
}

function SellBody({ products, onSold }: { products: CourseProduct[]; onSold: (course: Course) => void }) {
  const sell = useSellCourse();
  const [productId, setProductId] = useState<string | null>(products.length === 1 ? (products[0]?.id ?? null) : null);
  const [client, setClient] = useState<PickedCustomer | null>(null);
  const [method, setMethod] = useState<string | null>('card');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = () => {
    const parsed = sellCourseInput.safeParse({ productId: productId ?? '', clientId: client?.id ?? '', method });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.productId) found.productId = 'Choose the course';
      return setErrors(found);
    }
    setErrors({});
    sell.mutate(parsed.data, { onSuccess: onSold });
  };

  return (
    <Stack gap="sm">
      <Select
        label="Course"
        data={products.map((p) => ({ value: p.id, label: `${p.label} · ${formatMoney(p.pricePence)}` }))}
        value={productId}
        onChange={setProductId}
        error={errors.productId}
        allowDeselect={false}
        nothingFoundMessage="No course on sale: set one up first"
      />
      <div>
        <CustomerPicker value={client} onChange={setClient} label="Client" />
        {errors.clientId && (
          <Stack mt={4}>
            <span role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}>
              {errors.clientId}
            </span>
          </Stack>
        )}
      </div>
      <PaymentMethodSelect label="Paid by" value={method} onChange={setMethod} error={errors.method} />
      <DialogFormSubmit change={sell} failureTitle="The course was not sold" onSubmit={submit}>
        Record the sale
      </DialogFormSubmit>
    </Stack>
  );
}
