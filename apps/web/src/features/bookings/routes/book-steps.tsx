import type { ApprovalAnswer, Booking, Service } from '@app/shared';
import { formatPhone } from '@app/shared';
import { Button, Paper, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime, formatDuration, formatPrice, localDateIn } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useChosenAddOnIds } from '../add-ons-choice.ts';
import { upfrontQuery } from '../api.ts';
import { BookingTerms } from '../components/booking-terms.tsx';
import { StepSkeleton } from '../components/step-skeleton.tsx';
import type { FunnelStep, ParamsPatch } from '../funnel.ts';

const SlotPicker = lazy(() => import('../components/slot-picker.tsx').then((m) => ({ default: m.SlotPicker })));
const BookingDetailsForm = lazy(() =>
  import('../components/booking-details-form.tsx').then((m) => ({ default: m.BookingDetailsForm })),
);
const BookingConfirmForm = lazy(() =>
  import('../components/booking-confirm-form.tsx').then((m) => ({ default: m.BookingConfirmForm })),
);
const BookSignIn = lazy(() => import('./book-sign-in.tsx').then((m) => ({ default: m.BookSignIn })));

type BookStepsProps = {
  step: Exclude<FunnelStep, 'treatment'>;
  /** A desk shows the calendar and the times side by side. */
  dayAndTime: boolean;
  service: Service;
  duration: Service['durations'][number] | null;
  day: string | null;
  slot: string | null;
  setParams: (patch: ParamsPatch, options?: { push?: boolean }) => void;
  timeZone: string;
  locale?: string;
  currency?: string;
  contact: string;
  verificationReturn: string;
  onBooked: (booking: Booking) => void;
  bar: (action?: ReactNode) => ReactNode;
  continueButton: ReactNode;
};

/** The steps of /book after the treatment, one at a time: length, day, time, your details, confirm. */
export function BookSteps({
  step,
  dayAndTime,
  service,
  duration,
  day,
  slot,
  setParams,
  timeZone,
  locale,
  currency,
  contact,
  verificationReturn,
  onBooked,
  bar,
  continueButton,
}: BookStepsProps) {
  const { user, isPending: sessionPending, refetch: refetchSession } = useCurrentUser();
  // Whether the last choice of a length came from a pointer (a tap) rather than the keyboard.
  const byPointer = useRef(false);
  const addOnIds = useChosenAddOnIds();
  const sensual = service.style === 'sensual';
  const approval = useQuery({
    queryKey: ['bookings', 'approval', user?.id, service.style],
    queryFn: () => apiFetch<ApprovalAnswer>(`/bookings/approval?style=${encodeURIComponent(service.style)}`),
    enabled: Boolean(user) && sensual && (step === 'details' || step === 'confirm'),
  });
  // Asked only when the business takes money online: without Stripe the funnel is as it always was.
  const { data: config } = usePublicConfig();
  const upfront = useQuery({
    ...upfrontQuery(user?.id ?? '', { serviceId: service.id, durationMinutes: duration?.minutes ?? 0, addOnIds }),
    enabled: Boolean(user && duration && config?.payments.online) && step === 'confirm',
  });
  const upfrontPending = Boolean(config?.payments.online) && upfront.isPending && !upfront.isError;
  // A client whose name and phone are known goes from the time straight to confirming (Edit details stays there).
  const knownDetails = Boolean(user?.name && (user as { phone?: string | null } | null)?.phone);

  if (step === 'length')
    return (
      <>
        {/* A tap chooses and moves on; arrow keys only choose (WCAG 3.2.2: moving focus must not submit), then
            Continue moves on. */}
        <Radio.Group
          label="Duration"
          value={duration ? String(duration.minutes) : null}
          onChange={(minutes) =>
            byPointer.current
              ? setParams({ duration: minutes, slot: null, step: 'day' }, { push: true })
              : setParams({ duration: minutes, slot: null, step: 'length' })
          }
        >
          <Stack
            gap="md"
            mt="sm"
            onPointerDown={() => {
              byPointer.current = true;
            }}
            onKeyDown={() => {
              byPointer.current = false;
            }}
          >
            {service.durations.map((d) => (
              <Radio
                key={d.minutes}
                value={String(d.minutes)}
                size="md"
                label={`${formatDuration(d.minutes)}, ${formatPrice(d.pricePence, locale, currency)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {bar(continueButton)}
      </>
    );

  if (!duration) return null;

  if (step === 'day' || step === 'time')
    return (
      <>
        <Suspense fallback={<StepSkeleton />}>
          <SlotPicker
            key={`${service.id}-${duration.minutes}`}
            serviceId={service.id}
            durationMinutes={duration.minutes}
            value={slot}
            onChange={(startsAt) =>
              setParams(
                { slot: startsAt, day: localDateIn(startsAt, timeZone), step: knownDetails ? 'confirm' : 'details' },
                { push: true },
              )
            }
            day={day}
            onDayChange={(picked, { picked: byVisitor }) =>
              byVisitor
                ? setParams(
                    {
                      day: picked,
                      slot: slot && localDateIn(slot, timeZone) === picked ? slot : null,
                      ...(!dayAndTime && { step: 'time' }),
                    },
                    { push: !dayAndTime },
                  )
                : setParams({ day: picked })
            }
            view={dayAndTime ? 'both' : step}
            timeZone={timeZone}
            locale={locale}
            headingLevel={3}
          />
        </Suspense>
        {bar(continueButton)}
      </>
    );

  if (!slot) return null;
  if (sessionPending) return <StepSkeleton />;
  if (!user)
    return (
      <Suspense fallback={<StepSkeleton />}>
        <BookSignIn onSignedIn={() => refetchSession()} verificationCallbackURL={verificationReturn} />
        {bar()}
      </Suspense>
    );

  const phone = (user as { phone?: string | null }).phone;
  const defaults = { name: user.name ?? '', phone: phone ? formatPhone(phone) : '' };
  const approvalRequired = approval.data?.approvalRequired ?? false;
  return (
    <Suspense fallback={<StepSkeleton />}>
      {step === 'details' ? (
        <>
          {approvalRequired && (
            <Text size="sm">This booking will be a request: we approve a new client's sensual booking first.</Text>
          )}
          <BookingDetailsForm
            key={user.id}
            defaults={defaults}
            onContinue={() => setParams({ step: 'confirm' }, { push: true })}
            action={bar(
              <Button type="submit" size="md">
                Continue
              </Button>,
            )}
          />
        </>
      ) : (sensual && approval.isPending) || upfrontPending ? (
        <StepSkeleton />
      ) : (
        <BookingConfirmForm
          key={user.id}
          serviceId={service.id}
          durationMinutes={duration.minutes}
          startsAt={slot}
          sensual={sensual}
          approvalRequired={approvalRequired}
          timeZone={timeZone}
          locale={locale}
          currency={currency}
          defaults={defaults}
          contact={contact}
          onBooked={onBooked}
          onChooseAlternative={(startsAt) => setParams({ slot: startsAt, day: localDateIn(startsAt, timeZone) })}
          onEditDetails={() => setParams({ step: 'details' }, { push: true })}
          summary={
            <Paper withBorder p="md">
              <Text fw={600}>
                {service.name}, {formatDuration(duration.minutes)}, {formatPrice(duration.pricePence, locale, currency)}
              </Text>
              <Text mb="sm">{formatDateTime(slot, timeZone, locale)}</Text>
              <BookingTerms
                startsAt={slot}
                config={config}
                paysOnline={Boolean(
                  upfront.data && (upfront.data.due.kind !== 'none' || upfront.data.bankDepositPence),
                )}
              />
            </Paper>
          }
          bar={bar}
          upfront={upfront.data}
        />
      )}
    </Suspense>
  );
}
