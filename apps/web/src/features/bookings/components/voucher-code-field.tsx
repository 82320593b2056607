import { formatVoucherCode, type VoucherCheck, voucherCodeField } from '@app/shared';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDayMonthYear, formatPrice } from '../../../lib/format.ts';
import { useChosenAddOnIds } from '../add-ons-choice.ts';
import { voucherCheckQuery } from '../api.ts';
import { Notice } from './notice.tsx';

/** A code the server has checked against this treatment and length: what it pays, and what is left. */
export type AppliedVoucher = { code: string; check: VoucherCheck };

/** The state of the confirm step's gift voucher, held by the form: it sends the code and hears the server's refusals. */
export function useVoucherCode(serviceId: string, durationMinutes: number) {
  const queryClient = useQueryClient();
  const addOnIds = useChosenAddOnIds();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedVoucher | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the answer to the latest Apply counts: a Remove or a new code meanwhile makes an older one stale.
  const attempt = useRef(0);

  const apply = async () => {
    if (checking) return;
    const parsed = voucherCodeField.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This is not a voucher code');
      return;
    }
    const mine = ++attempt.current;
    setError(null);
    setChecking(true);
    try {
      const check = await queryClient.fetchQuery(
        voucherCheckQuery(parsed.data, { serviceId, durationMinutes, addOnIds }),
      );
      if (mine !== attempt.current) return;
      setApplied({ code: parsed.data, check });
      setTyped(formatVoucherCode(parsed.data));
    } catch (failure) {
      if (mine !== attempt.current) return;
      setError(
        failure instanceof ApiError && failure.status >= 400 && failure.status < 500
          ? failure.message
          : 'We could not check the voucher just now. Please try again.',
      );
    } finally {
      if (mine === attempt.current) setChecking(false);
    }
  };

  const remove = () => {
    attempt.current++;
    setApplied(null);
    setError(null);
    setChecking(false);
  };

  /** The server refused the code when booking (spent or expired meanwhile): back to the field, with its reason. */
  const refuse = (message: string) => {
    attempt.current++;
    setApplied(null);
    setChecking(false);
    setOpen(true);
    setError(message);
  };

  const type = (value: string) => {
    setTyped(value);
    setError(null);
  };

  return { open, setOpen, typed, type, error, applied, checking, apply, remove, refuse };
}

export type VoucherCodeState = ReturnType<typeof useVoucherCode>;

/** What the applied voucher pays and what is left to pay, in the client's words. */
export function voucherWords(
  check: VoucherCheck,
  locale?: string,
  currency?: string,
): { paid: string; leftToPay: string } {
  const money = (pence: number) => formatPrice(pence, locale, currency);
  const rest = check.balancePence - check.usablePence;
  const paid = `${money(check.usablePence)} from your gift voucher (valid until ${formatDayMonthYear(check.expiresOn, locale)}). ${
    rest > 0 ? `${money(rest)} stays on it.` : 'That is all that is left on it.'
  }`;
  const leftToPay =
    check.leftToPayPence <= 0
      ? 'Nothing is left to pay.'
      : check.due.kind === 'none'
        ? `Left to pay at your appointment: ${money(check.leftToPayPence)}.`
        : `Left to pay: ${money(check.leftToPayPence)}.`;
  return { paid, leftToPay };
}

/**
 * 'Have a gift voucher?' on the confirm step: reveals the code's field; Apply asks the server what the voucher pays
 * towards this booking, Remove takes it off. Apply and Remove are one button, so the focus stays where it was.
 */
export function VoucherCodeField({
  voucher,
  locale,
  currency,
}: {
  voucher: VoucherCodeState;
  locale?: string;
  currency?: string;
}) {
  const panel = useId();
  const { open, setOpen, typed, type, error, applied, checking, apply, remove } = voucher;
  const words = applied ? voucherWords(applied.check, locale, currency) : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code; it must not confirm the booking around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!applied) void apply();
  };

  return (
    <Stack gap="xs" role="group" aria-label="Gift voucher">
      {!applied && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={open}
            aria-controls={open ? panel : undefined}
            onClick={() => setOpen(!open)}
          >
            Have a gift voucher?
          </Button>
        </Group>
      )}
      {(open || applied) && (
        <Stack gap="xs" id={panel}>
          <TextField
            label="Gift voucher code"
            value={typed}
            onChange={type}
            onKeyDown={onKeyDown}
            readOnly={Boolean(applied)}
            error={error}
            errorProps={{ role: 'alert' }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            rightSection={checking ? <Loader size="xs" aria-hidden /> : null}
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                {/* Never disabled while checking (as `loading` would): a disabled button drops the focus. */}
                <Button variant="default" aria-busy={checking} onClick={applied ? remove : () => void apply()}>
                  {applied ? 'Remove' : 'Apply'}
                </Button>
              </Group>
            )}
          />
          {words && (
            <Notice color="teal" title="Gift voucher applied" role="status">
              <Text size="sm">{words.paid}</Text>
              <Text size="sm">{words.leftToPay}</Text>
            </Notice>
          )}
        </Stack>
      )}
    </Stack>
  );
}
