import { issueVoucherInput, type Voucher } from '@app/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { DialogFormSubmit } from '../../../components/dialog-form-submit.tsx';
import { PaymentMethodSelect } from '../../../components/payment-method-select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useServices } from '../../../lib/catalog/api.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useFormValues } from '../../../lib/form-fields.ts';
import { useIssueVoucher } from '../api.ts';
import { emptyOrder, orderBody, VoucherOrderFields, type VoucherOrderState } from './voucher-order-fields.tsx';

/** The owner records a voucher sold in person: what it is for, how it was paid, and who bought it. */
export function IssueVoucherForm({
  opened,
  onClose,
  onIssued,
  fullScreen,
}: DialogProps & { onIssued: (voucher: Voucher) => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Sell a gift voucher" size="md" fullScreen={fullScreen}>
      {opened && <IssueBody onIssued={onIssued} />}
    </AppModal>
  );
}

function IssueBody({ onIssued }: { onIssued: (voucher: Voucher) => void }) {
  const issue = useIssueVoucher();
  const services = useServices();
  const [order, setOrder] = useState<VoucherOrderState>(emptyOrder);
  const { values, errors, setErrors, bind } = useFormValues<{
    method: string | null;
    buyerName: string;
    buyerEmail: string;
  }>({ method: 'card', buyerName: '', buyerEmail: '' });

  const submit = () => {
    const parsed = issueVoucherInput.safeParse({ ...orderBody(order), ...values });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    issue.mutate(parsed.data, { onSuccess: onIssued });
  };

  return (
    <Stack gap="sm">
      <VoucherOrderFields order={order} onChange={setOrder} services={services.data ?? []} errors={errors} />
      <PaymentMethodSelect label="Paid by" {...bind('method')} />
      <TextField label="Buyer’s name" {...bind('buyerName')} maxLength={120} />
      <TextField label="Buyer’s email (optional)" type="email" {...bind('buyerEmail')} />
      <DialogFormSubmit change={issue} failureTitle="The voucher was not issued" onSubmit={submit}>
        Issue voucher
      </DialogFormSubmit>
    </Stack>
  );
}
