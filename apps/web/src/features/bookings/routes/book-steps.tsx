import type { Booking, Service } from '@app/shared';
import { Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { formatDuration, formatPrice } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { formatDateTime } from '../format.ts';
import type { ParamsPatch } from './book-page.tsx';

const SlotPicker = lazy(() => import('../components/slot-picker.tsx').then((m) => ({ default: m.SlotPicker })));
const BookingDetailsForm = lazy(() =>
  import('../components/booking-details-form.tsx').then((m) => ({ default: m.BookingDetailsForm })),
);
const BookSignIn = lazy(() => import('./book-sign-in.tsx').then((m) => ({ default: m.BookSignIn })));

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={`step-${number}`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`step-${number}`}>
          {number}. {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const stepFallback = (
  <Group gap="xs">
    <Loader size="sm" />
    <Text>Loading…</Text>
  </Group>
);

type BookStepsProps = {
  service: Service;
  duration: Service['durations'][number] | null;
  slot: string | null;
  setParams: (patch: ParamsPatch) => void;
  timeZone: string;
  locale?: string;
  currency?: string;
  contact: string;
  verificationReturn: string;
  onBooked: (booking: Booking) => void;
};

/** The steps of /book after the treatment: duration, day and time, details (with sign-in when needed). */
export function BookSteps({
  service,
  duration,
  slot,
  setParams,
  timeZone,
  locale,
  currency,
  contact,
  verificationReturn,
  onBooked,
}: BookStepsProps) {
  const { user, isPending: sessionPending, refetch: refetchSession } = useCurrentUser();
  return (
    <Stack gap="lg">
      {service && (
        <Step number={1} title="Duration">
          <Radio.Group
            label="Duration"
            value={duration ? String(duration.minutes) : null}
            onChange={(minutes) => setParams({ duration: minutes, slot: null })}
          >
            <Group gap="lg" mt="xs">
              {service.durations.map((d) => (
                <Radio
                  key={d.minutes}
                  value={String(d.minutes)}
                  label={`${formatDuration(d.minutes)}, ${formatPrice(d.pricePence, locale, currency)}`}
                />
              ))}
            </Group>
          </Radio.Group>
        </Step>
      )}

      {service && duration && (
        <Step number={2} title="Day and time">
          <Suspense fallback={stepFallback}>
            <SlotPicker
              key={`${service.id}-${duration.minutes}`}
              serviceId={service.id}
              durationMinutes={duration.minutes}
              value={slot}
              onChange={(startsAt) => setParams({ slot: startsAt })}
              timeZone={timeZone}
              locale={locale}
              headingLevel={3}
            />
          </Suspense>
        </Step>
      )}

      {service && duration && slot && (
        <Step number={3} title="Your details">
          <Text>
            <strong>{service.name}</strong>, {formatDuration(duration.minutes)},{' '}
            {formatPrice(duration.pricePence, locale, currency)} — {formatDateTime(slot, timeZone, locale)}
          </Text>
          <Suspense fallback={stepFallback}>
            {sessionPending ? (
              stepFallback
            ) : user ? (
              <BookingDetailsForm
                key={user.id}
                serviceId={service.id}
                durationMinutes={duration.minutes}
                startsAt={slot}
                sensual={service.style === 'sensual'}
                timeZone={timeZone}
                locale={locale}
                defaults={{ name: user.name ?? '', phone: (user as { phone?: string | null }).phone ?? '' }}
                contact={contact}
                onBooked={onBooked}
                onChooseAlternative={(startsAt) => setParams({ slot: startsAt })}
              />
            ) : (
              <BookSignIn onSignedIn={() => refetchSession()} verificationCallbackURL={verificationReturn} />
            )}
          </Suspense>
        </Step>
      )}
    </Stack>
  );
}
