import { redeemVoucherInput } from '@app/shared';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { AmountField } from '../../../components/detail-dialog.tsx';
import { DoneAlert } from '../../../components/done-alert.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useRedeemVoucher } from '../admin-api.ts';

/** At the till: (part of) a gift voucher taken as payment for a booking; the rest stays on the code. */
export function RedeemVoucher({ bookingId, duePence }: { bookingId: string; duePence: number }) {
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState('');
  const [pounds, setPounds] = useState<number | string>(duePence > 0 ? duePence / 100 : '');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = () => {
    setDone(null);
    const parsed = redeemVoucherInput.safeParse({
      code,
      bookingId,
      amountPence: pounds === '' ? 0 : Math.round(Number(pounds) * 100),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    redeem.mutate(parsed.data, {
      onSuccess: (voucher) => {
        setDone(
          `${formatMoney(parsed.data.amountPence)} taken from voucher ${voucher.code}; ${formatMoney(voucher.balancePence)} left on it.`,
        );
        setCode('');
      },
    });
  };

  return (
    <>
      <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label="Pay with a gift voucher">
        <TextField
          label="Gift voucher code"
          value={code}
          onChange={setCode}
          error={errors.code}
          autoComplete="off"
          style={{ flex: 1, minWidth: 180 }}
        />
        <AmountField label="Amount (£)" value={pounds} onChange={setPounds} w={120} error={errors.amountPence} />
        <Button mt={25} variant="default" onClick={submit} loading={redeem.isPending}>
          Take voucher
        </Button>
      </Group>
      <FailureAlert error={redeem.error} title="The voucher was not taken" />
      <DoneAlert message={done} />
    </>
  );
}
