import {
  APPROVAL_USUAL_WAIT,
  type Booking,
  createBookingInput,
  noShowConsentText,
  type UpfrontAnswer,
} from '@app/shared';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useChosenAddOnIds } from '../add-ons-choice.ts';
import { alternativesOf, bookingQuery, useCreateBooking } from '../api.ts';
import { detailsWithDefaults, forgetBookingDetails } from './booking-details-form.tsx';
import { CourseSessionChoice, useCourseSession } from './course-session-choice.tsx';
import { Notice } from './notice.tsx';
import { AlternativeTimes } from './time-pickers.tsx';
import { useVoucherCode, VoucherCodeField } from './voucher-code-field.tsx';

type Field =
  | 'name'
  | 'phone'
  | 'notes'
  | 'adultConfirmed'
  | 'noShowFeeConsent'
  | 'startsAt'
  | 'voucherCode'
  | 'courseId';

const adultMessage = 'Please confirm that you are 18 or over.';
const consentMessage = 'This booking needs your agreement to the no-show fee, and a card saved for it.';

/** The server names the field first ('startsAt: …'); the rest is for the visitor. */
function fieldOfMessage(message: string): { field: Field | null; text: string } {
  const match = /^(name|phone|notes|adultConfirmed|noShowFeeConsent|startsAt|voucherCode|courseId): (.*)$/s.exec(
    message,
  );
  return match ? { field: match[1] as Field, text: match[2] as string } : { field: null, text: message };
}

/** The server's refusal of the voucher sent with the booking (spent or expired since it was applied): said at its field. */
function voucherRefusal(error: unknown, voucherSent: boolean): string | null {
  if (!voucherSent || !(error instanceof ApiError)) return null;
  if (error.code === 'VOUCHER_EXPIRED' || error.code === 'VOUCHER_SPENT') return error.message;
  // NOT_FOUND is also the answer for a service gone meanwhile: only the voucher's own is the voucher's.
  if (error.code === 'NOT_FOUND' && /voucher/i.test(error.message)) return error.message;
  if (error.code === 'VALIDATION') {
    const { field, text } = fieldOfMessage(error.message);
    if (field === 'voucherCode') return text;
  }
  return null;
}

export type BookingConfirmFormProps = {
  serviceId: string;
  durationMinutes: number;
  startsAt: string;
  sensual: boolean;
  /** A new client's sensual request waits for the owner: the button and the page say so. */
  approvalRequired: boolean;
  timeZone: string;
  locale?: string;
  currency?: string;
  defaults: { name: string; phone: string };
  /** How a blocked client reaches the business. */
  contact: string;
  onBooked: (booking: Booking) => void;
  onChooseAlternative: (startsAt: string) => void;
  onEditDetails: () => void;
  /** The treatment, length, price and time, in full. */
  summary: ReactNode;
  /** Places the submit button (the page's bottom bar). */
  bar: (button: ReactNode) => ReactNode;
  /** What the server will ask to be paid now (decision 047); absent or 'none' when nothing is paid up front. */
  upfront?: UpfrontAnswer;
};

/** What is due now and the cancellation rule, in the words the client reads before confirming. */
export function upfrontWords(upfront: UpfrontAnswer, locale?: string): { due: string; cancellation: string } | null {
  if (upfront.due.kind === 'none') return null;
  const amount = formatPrice(upfront.due.amountPence, locale, upfront.currency);
  const hours = upfront.freeCancellationHours;
  return upfront.due.kind === 'deposit'
    ? {
        due: `A deposit of ${amount} is due now to hold this time; the rest at your appointment.`,
        cancellation: `Cancelling is free until ${hours} hours before your appointment; after that, the deposit is kept.`,
      }
    : {
        due: `The full price of ${amount} is due now to hold this time.`,
        cancellation: `Cancelling is free until ${hours} hours before your appointment; after that, the payment is kept.`,
      };
}

/** The last step of /book: the details to check, the 18+ confirmation, and 'Confirm booking' or 'Request booking'. */
export function BookingConfirmForm({
  serviceId,
  durationMinutes,
  startsAt,
  sensual,
  approvalRequired,
  timeZone,
  locale,
  currency,
  defaults,
  contact,
  onBooked,
  onChooseAlternative,
  onEditDetails,
  summary,
  bar,
  upfront,
}: BookingConfirmFormProps) {
  const voucher = useVoucherCode(serviceId, durationMinutes);
  const addOnIds = useChosenAddOnIds();
  const applied = voucher.applied;
  // A session of the client's course pays it all (decision 081): no voucher, no payment, no no-show fee.
  const course = useCourseSession(serviceId, durationMinutes, startsAt, timeZone);
  // With a voucher, the policy asks only of what the voucher leaves (the check's `due`).
  const payment =
    upfront && !course.usingId
      ? upfrontWords(applied ? { ...upfront, due: applied.check.due } : upfront, locale)
      : null;
  const [details] = useState(() => detailsWithDefaults(defaults));
  const [adultConfirmed, setAdultConfirmed] = useState(false);
  // Never ticked for the client: the card is saved only with their own consent (decision 054).
  const [noShowFeeConsent, setNoShowFeeConsent] = useState(false);
  const noShowFee =
    upfront?.noShowFeePence && !course.usingId ? formatPrice(upfront.noShowFeePence, locale, upfront.currency) : null;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateBooking();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  // One key per confirmation attempt: a double click or a retry after a network failure makes one booking.
  const attempt = useRef<{ key: string; startsAt: string; voucherCode: string | null } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const voucherCode = applied?.code ?? null;
    // Another time or another voucher is another booking, never the retry of the last one.
    if (attempt.current?.startsAt !== startsAt || attempt.current.voucherCode !== voucherCode)
      attempt.current = { key: crypto.randomUUID(), startsAt, voucherCode };
    const parsed = createBookingInput
      .refine((input) => !sensual || input.adultConfirmed, { path: ['adultConfirmed'], message: adultMessage })
      .refine((input) => !noShowFee || input.noShowFeeConsent, { path: ['noShowFeeConsent'], message: consentMessage })
      .safeParse({
        serviceId,
        durationMinutes,
        startsAt,
        ...details,
        adultConfirmed,
        noShowFeeConsent: Boolean(noShowFee) && noShowFeeConsent,
        ...(voucherCode && !course.usingId && { voucherCode }),
        ...(course.usingId && { courseId: course.usingId }),
        ...(addOnIds.length > 0 && { addOnIds: [...addOnIds] }),
        idempotencyKey: attempt.current.key,
      });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      // Not silent: the unticked 18+ box (say) is focused and brought above the bottom bar.
      focusFirstError(formRef.current);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (booking) => {
        attempt.current = null;
        forgetBookingDetails();
        // The confirmation shows at once, without asking the server again.
        queryClient.setQueryData(bookingQuery(booking.id).queryKey, booking);
        onBooked(booking);
      },
      onError: (error) => {
        // The server answered: nothing was booked, so the next press is a new attempt.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
        const refusal = voucherRefusal(error, voucherCode !== null);
        if (refusal) voucher.refuse(refusal);
        else if (error instanceof ApiError && error.code === 'VALIDATION') {
          const { field, text } = fieldOfMessage(error.message);
          if (field && field !== 'startsAt') setErrors({ [field]: text });
        }
      },
    });
  };

  const error = create.error;
  const alternatives = alternativesOf(error);
  // Said at the voucher's field instead (the hook has it), not again below.
  const byVoucher = voucherRefusal(error, Boolean(create.variables?.voucherCode)) !== null;
  const validation =
    error instanceof ApiError && error.code === 'VALIDATION' && !byVoucher ? fieldOfMessage(error.message) : null;
  const detailError = errors.name ?? errors.phone ?? errors.notes;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Confirm your booking">
      <Stack gap="md">
        {summary}
        <CourseSessionChoice state={course} error={errors.courseId} locale={locale} />
        {!course.usingId && (
          <VoucherCodeField voucher={voucher} locale={locale} currency={currency ?? upfront?.currency} />
        )}
        <Paper withBorder p="md">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>Your details</Text>
              <Button variant="subtle" size="compact-sm" onClick={onEditDetails}>
                Edit
              </Button>
            </Group>
            <Text>{details.name || '—'}</Text>
            <Text>{details.phone || '—'}</Text>
            {details.notes && <Text size="sm">Notes: {details.notes}</Text>}
          </Stack>
        </Paper>
        {detailError && (
          <Notice color="red" title="Please check your details" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{detailError}</Text>
              <Button size="xs" variant="light" onClick={onEditDetails}>
                Edit your details
              </Button>
            </Stack>
          </Notice>
        )}

        {approvalRequired && (
          <Notice color="blue" title="This booking needs our approval">
            <Text size="sm">
              We ask new clients for sensual treatments to wait for our approval. {APPROVAL_USUAL_WAIT} Your time is
              held for you meanwhile, and we email you as soon as it is confirmed.
            </Text>
          </Notice>
        )}

        {payment && (
          <Notice color="blue" title="Payment">
            <Text size="sm">{payment.due}</Text>
            <Text size="sm">{payment.cancellation}</Text>
          </Notice>
        )}

        {upfront?.bankDepositPence && !course.usingId ? (
          <Notice color="blue" title="Deposit by bank transfer">
            <Text size="sm">
              A deposit of {formatPrice(upfront.bankDepositPence, locale, upfront.currency)} by bank transfer holds this
              time: our account details and your payment reference come next. Nothing is paid by card.
            </Text>
          </Notice>
        ) : null}

        {noShowFee && (
          <Notice color="blue" title={`No-show fee: ${noShowFee}`}>
            <Text size="sm">
              If you do not come and have not cancelled, we charge {noShowFee} to a card you save next. Nothing is taken
              now.
            </Text>
          </Notice>
        )}
        {noShowFee && (
          <Checkbox
            label={noShowConsentText(noShowFee)}
            checked={noShowFeeConsent}
            onChange={(event) => {
              setNoShowFeeConsent(event.currentTarget.checked);
              setErrors((current) => ({ ...current, noShowFeeConsent: undefined }));
            }}
            error={errors.noShowFeeConsent}
          />
        )}
        {sensual && (
          <Checkbox
            label="I confirm I am 18 or over"
            required
            checked={adultConfirmed}
            onChange={(event) => {
              setAdultConfirmed(event.currentTarget.checked);
              setErrors((current) => ({ ...current, adultConfirmed: undefined }));
            }}
            error={errors.adultConfirmed}
          />
        )}
        {errors.startsAt && (
          <Text c="red" size="sm" role="alert">
            {errors.startsAt}
          </Text>
        )}

        {error && error instanceof ApiError && error.code === 'SLOT_UNAVAILABLE' && (
          <Notice color="orange" title="This time has just been taken" role="alert">
            <Stack gap="xs">
              <Text size="sm">{error.message}</Text>
              {alternatives.length > 0 ? (
                <>
                  <Text size="sm">The nearest free times:</Text>
                  <AlternativeTimes
                    times={alternatives}
                    timeZone={timeZone}
                    locale={locale}
                    onChoose={(alternative) => {
                      create.reset();
                      onChooseAlternative(alternative);
                    }}
                  />
                </>
              ) : (
                <Text size="sm">Please go back and choose another time.</Text>
              )}
            </Stack>
          </Notice>
        )}
        {error && error instanceof ApiError && error.code === 'CLIENT_BLOCKED' && (
          <Notice color="red" title="We cannot take this booking online" role="alert">
            <Text size="sm">{error.message}</Text>
            <Text size="sm" mt="xs">
              {contact}
            </Text>
          </Notice>
        )}
        {validation && (validation.field === 'startsAt' || validation.field === null) && (
          <Notice color="red" title="Please check your booking" role="alert">
            {validation.text}
          </Notice>
        )}
        {error && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) && (
          <Notice color="red" title="Your booking is not confirmed yet" role="alert">
            <Text size="sm">
              {error instanceof ApiError && error.status === 0
                ? 'We could not reach the server. Check your connection and try again.'
                : 'Something went wrong on our side. Please try again.'}
            </Text>
            <Group mt="xs" gap="sm">
              <Button size="xs" variant="light" onClick={() => formRef.current?.requestSubmit()}>
                Try again
              </Button>
              <Text size="sm">Trying again will not book twice.</Text>
            </Group>
          </Notice>
        )}
        {error instanceof ApiError && ['NOT_FOUND', 'UNAUTHENTICATED'].includes(error.code) && !byVoucher && (
          <Notice color="red" title="Could not book" role="alert">
            {error.code === 'UNAUTHENTICATED' ? 'Please sign in again, then confirm.' : error.message}
          </Notice>
        )}

        {bar(
          <Button type="submit" size="md" loading={create.isPending}>
            {payment ? 'Continue to payment' : approvalRequired ? 'Request booking' : 'Confirm booking'}
          </Button>,
        )}
      </Stack>
    </form>
  );
}
