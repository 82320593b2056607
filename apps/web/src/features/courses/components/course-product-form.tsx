import { type CourseProduct, courseProductInput } from '@app/shared';
import { Checkbox, NumberInput, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { DialogFormSubmit } from '../../../components/dialog-form-submit.tsx';
import { servicesQuery } from '../../../lib/catalog/api.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useFormValues } from '../../../lib/form-fields.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSaveCourseProduct } from '../api.ts';

type Draft = {
  serviceId: string | null;
  durationMinutes: string | null;
  sessions: number | string;
  pounds: number | string;
  expiryMonths: number | string;
  active: boolean;
};

const draftOf = (product: CourseProduct | null): Draft => ({
  serviceId: product?.serviceId ?? null,
  durationMinutes: product ? String(product.durationMinutes) : null,
  sessions: product?.sessions ?? 5,
  pounds: product ? product.pricePence / 100 : '',
  expiryMonths: product?.expiryMonths ?? 12,
  active: product?.active ?? true,
});

/** The owner sets up a course (or changes one): a treatment and length, how many sessions, the price, how long valid. */
export function CourseProductForm({
  product,
  opened,
  onClose,
  fullScreen,
}: DialogProps & { product: CourseProduct | null }) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={product ? 'Change the course' : 'New course'}
      size="md"
      fullScreen={fullScreen}
    >
      {opened && <ProductBody product={product} onSaved={onClose} />}
    </AppModal>
  );
}

function ProductBody({ product, onSaved }: { product: CourseProduct | null; onSaved: () => void }) {
  const services = useQuery(servicesQuery(true));
  const save = useSaveCourseProduct();
  const { values: draft, errors, setErrors, set, bind } = useFormValues<Draft>(() => draftOf(product));
  const service = services.data?.find((s) => s.id === draft.serviceId);
  const single = service?.durations.find((d) => String(d.minutes) === draft.durationMinutes);

  const submit = () => {
    const parsed = courseProductInput.safeParse({
      serviceId: draft.serviceId ?? '',
      durationMinutes: Number(draft.durationMinutes),
      sessions: Number(draft.sessions),
      pricePence: Math.round(Number(draft.pounds) * 100),
      expiryMonths: Number(draft.expiryMonths),
      active: draft.active,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate({ id: product?.id ?? null, input: parsed.data }, { onSuccess: onSaved });
  };

  return (
    <Stack gap="sm">
      <Select
        label="Treatment"
        data={(services.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        {...bind('serviceId')}
        // Another treatment has other lengths: the length is chosen again.
        onChange={(value) => {
          set('serviceId')(value);
          set('durationMinutes')(null);
        }}
        allowDeselect={false}
      />
      <Select
        label="Length"
        data={(service?.durations ?? []).map((d) => ({ value: String(d.minutes), label: `${d.minutes} minutes` }))}
        {...bind('durationMinutes')}
        disabled={!service}
        allowDeselect={false}
      />
      <NumberInput label="Sessions" min={2} max={50} allowDecimal={false} {...bind('sessions')} />
      <NumberInput
        label="Price of the course"
        prefix="£"
        min={0}
        decimalScale={2}
        {...bind('pounds')}
        error={errors.pricePence}
        description={
          single
            ? `${Number(draft.sessions) || 0} sessions one by one: ${formatMoney(single.pricePence * (Number(draft.sessions) || 0))}`
            : undefined
        }
      />
      <NumberInput
        label="Valid for (months from the sale)"
        min={1}
        max={60}
        allowDecimal={false}
        {...bind('expiryMonths')}
      />
      <Checkbox
        label="On sale"
        description="Therapeutic courses can also be bought online by card; sensual ones only in person."
        checked={draft.active}
        onChange={(event) => set('active')(event.currentTarget.checked)}
      />
      <DialogFormSubmit change={save} failureTitle="The course was not saved" onSubmit={submit}>
        Save course
      </DialogFormSubmit>
    </Stack>
  );
}
