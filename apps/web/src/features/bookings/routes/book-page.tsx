import type { Booking, Service, Style } from '@app/shared';
import { Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { withFullStyles } from '../../../app/styles/with-full-styles.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useServices, visibleStyles } from '../../catalog/api.ts';
import { ServiceList } from '../../catalog/components/service-list.tsx';
import { useSensualFlag } from '../../catalog/sensual-flag.ts';
import { usePublicConfig } from '../../config/api.ts';

// Only the treatments show before the visitor picks one: the steps after it (the calendar, the form schemas, the
// sign-in forms) load when they are needed, and so does the confirmation. This page is in the first chunk with the
// shell's styles only; what it loads later brings the full stylesheet.
const BookSteps = lazy(() => withFullStyles(() => import('./book-steps.tsx')).then((m) => ({ default: m.BookSteps })));
const StyleSwitch = lazy(() =>
  withFullStyles(() => import('../components/style-switch.tsx')).then((m) => ({ default: m.StyleSwitch })),
);
const BookedPanel = lazy(() =>
  withFullStyles(() => import('../components/booked-panel.tsx')).then((m) => ({ default: m.BookedPanel })),
);

/** Also in index.html's first-paint shell (a unit test keeps the two the same). */
export const BOOK_INTRO = 'Choose a treatment, its length and a time. You can review everything before you confirm.';

export type ParamsPatch = Partial<Record<keyof Params, string | null>>;
type Params = { style?: string; type?: string; duration?: string; slot?: string; booked?: string };

const stepFallback = (
  <Group gap="xs">
    <Loader size="sm" />
    <Text>Loading…</Text>
  </Group>
);

/**
 * /book?style=&type= — treatment, duration, day and time, details. Every choice lives in the address, so a reload,
 * a detour through sign-in or the email-verification link keeps the chosen time.
 */
export function BookPage() {
  usePageTitle('Book a massage');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = Object.fromEntries(searchParams) as Params;
  const withSensual = useSensualFlag();
  const { data: config } = usePublicConfig();
  const services = useServices();
  const locale = config?.locale;
  const currency = config?.currency;
  const timeZone = config?.timeZone ?? 'Europe/London';

  const setParams = (patch: ParamsPatch) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value === null || value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  const styles = visibleStyles(withSensual);
  const style: Style = styles.find((candidate) => candidate === params.style) ?? 'therapeutic';
  const offered = (services.data ?? []).filter((s) => s.style === style);
  const service: Service | undefined = offered.find((s) => s.type === params.type);
  const onlyDuration = service?.durations.length === 1 ? service.durations[0] : undefined;
  const duration = service?.durations.find((d) => String(d.minutes) === params.duration) ?? onlyDuration;
  const slot = params.slot && !Number.isNaN(Date.parse(params.slot)) ? params.slot : null;

  // Each choice brings the next step into view (on a phone it would otherwise open below the fold).
  const previous = useRef({ type: params.type, duration: params.duration, slot });
  useEffect(() => {
    const before = previous.current;
    previous.current = { type: params.type, duration: params.duration, slot };
    const next =
      slot && slot !== before.slot
        ? 'step-3'
        : params.duration && params.duration !== before.duration
          ? 'step-2'
          : params.type && params.type !== before.type
            ? 'step-1'
            : null;
    if (!next) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(next)?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [params.type, params.duration, slot]);

  if (params.booked) {
    return (
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Title order={1}>Book a massage</Title>
          <Suspense fallback={stepFallback}>
            <BookedPanel
              id={params.booked}
              timeZone={timeZone}
              locale={locale}
              currency={currency}
              bookAgain={() => setSearchParams({ style }, { replace: true })}
            />
          </Suspense>
        </Stack>
      </Container>
    );
  }

  const onBooked = (booking: Booking) => setSearchParams({ booked: booking.id }, { replace: true });

  const verificationReturn = `/book?${new URLSearchParams({ ...params, verified: 'true' })}`;
  const reach = [config?.contact.phone, config?.contact.email].filter(Boolean).join(' or ');
  const contact = config
    ? `${config.businessName}, ${config.area}. Please ${reach ? `contact us on ${reach}` : 'call or email us'} and we will gladly help.`
    : 'Please call or email us and we will gladly help.';

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Book a massage</Title>
        <Text>{BOOK_INTRO}</Text>

        {styles.length > 1 && (
          <Suspense fallback={null}>
            <StyleSwitch
              styles={styles}
              value={style}
              onChange={(value) => setSearchParams({ style: value }, { replace: true })}
            />
          </Suspense>
        )}
        <ServiceList locale={locale} currency={currency} style={style} selectedType={service?.type ?? null} />

        {service && (
          <Suspense fallback={stepFallback}>
            <BookSteps
              service={service}
              duration={duration ?? null}
              slot={slot}
              setParams={setParams}
              timeZone={timeZone}
              locale={locale}
              currency={currency}
              contact={contact}
              verificationReturn={verificationReturn}
              onBooked={onBooked}
            />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
