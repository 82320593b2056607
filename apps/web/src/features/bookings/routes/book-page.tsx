import type { Booking, Service, Style } from '@app/shared';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ServiceList } from '../../../components/catalog/service-list.tsx';
import { addOnIdsOf, useAddOnsFor } from '../../../lib/catalog/add-ons.ts';
import { useServices, visibleStyles } from '../../../lib/catalog/api.ts';
import { clearSensualFlag, useSensualFlag } from '../../../lib/catalog/sensual-flag.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { REPLY_TO_EMAIL, reachUs } from '../../../lib/config/contact.ts';
import { formatDuration, formatLongDate, formatPrice, formatShortDateTime, localDateIn } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { withFullStyles } from '../../../lib/styles/with-full-styles.ts';
import { ChosenAddOns } from '../add-ons-choice.ts';
import { FunnelBar } from '../components/funnel-bar.tsx';
import { StepSkeleton } from '../components/step-skeleton.tsx';
import {
  type BookParams,
  type FunnelStep,
  nextStep,
  type ParamsPatch,
  stepNumber,
  stepsOf,
  stepTitles,
  stepToShow,
} from '../funnel.ts';

// Only the treatments show before the visitor picks one: the steps after it (the calendar, the form schemas, the
// sign-in forms) load when they are needed, and so does the confirmation. This page is in the first chunk with the
// shell's styles only; what it loads later brings the full stylesheet.
// What clients said of the chosen treatment: a chunk of its own, under the list.
const ReviewsSection = lazy(() =>
  import('../../../components/reviews/reviews-section.tsx').then((m) => ({ default: m.ReviewsSection })),
);
const BookSteps = lazy(() => withFullStyles(() => import('./book-steps.tsx')).then((m) => ({ default: m.BookSteps })));
const StyleSwitch = lazy(() =>
  withFullStyles(() => import('../components/style-switch.tsx')).then((m) => ({ default: m.StyleSwitch })),
);
const AddOnsStep = lazy(() =>
  withFullStyles(() => import('../components/add-ons-step.tsx')).then((m) => ({ default: m.AddOnsStep })),
);
const BookedPanel = lazy(() =>
  withFullStyles(() => import('../components/booked-panel.tsx')).then((m) => ({ default: m.BookedPanel })),
);

/** Also in index.html's first-paint shell (a unit test keeps the two the same). */
export const BOOK_INTRO = 'Choose a treatment, its length and a time. You can review everything before you confirm.';

/**
 * /book?style=&type= — treatment, length, day, time, your details, confirm: one step per screen on a phone, with
 * the choice so far and its price in a bottom bar. Every choice and the step live in the address (decision 005),
 * so Back, a reload, a shared link, a detour through sign-in or the email-verification link keep them.
 */
export function BookPage() {
  usePageTitle('Book a massage');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = Object.fromEntries(searchParams) as BookParams;
  const withSensual = useSensualFlag();
  const { data: config } = usePublicConfig();
  const services = useServices();
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const locale = config?.locale;
  const currency = config?.currency;
  const timeZone = config?.timeZone ?? 'Europe/London';

  /** A choice is a new entry in the history (Back returns to the step before); a correction replaces it. */
  const setParams = (patch: ParamsPatch, { push = false } = {}) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value === null || value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: !push },
    );

  const styles = visibleStyles(withSensual);
  const style: Style = styles.find((candidate) => candidate === params.style) ?? 'therapeutic';
  const offered = (services.data ?? []).filter((s) => s.style === style);
  const service: Service | undefined = offered.find((s) => s.type === params.type);
  const onlyDuration = service?.durations.length === 1 ? service.durations[0] : undefined;
  const duration = service?.durations.find((d) => String(d.minutes) === params.duration) ?? onlyDuration;
  // Add-ons: their step only when one goes with the treatment; the ids chosen are in the address.
  const addOns = useAddOnsFor(service);
  const withExtras = addOns.offered.length > 0;
  const chosenAddOns = addOns.offered.filter((a) => addOnIdsOf(params.addOns).includes(a.id));
  const chosenAddOnIds = chosenAddOns.map((a) => a.id);
  const extraPence = chosenAddOns.reduce((sum, a) => sum + a.pricePence, 0);
  const slot = params.slot && !Number.isNaN(Date.parse(params.slot)) ? params.slot : null;
  const day =
    params.day && /^\d{4}-\d{2}-\d{2}$/.test(params.day) ? params.day : slot ? localDateIn(slot, timeZone) : null;
  const step = stepToShow(
    params.step,
    {
      treatment: Boolean(service),
      length: Boolean(duration),
      extras: withExtras ? params.addOns !== undefined : null,
      day: Boolean(day),
      time: Boolean(slot),
    },
    Boolean(onlyDuration),
  );
  // On a desk the calendar and the times stand side by side: one screen for both steps.
  const dayAndTime = wide && (step === 'day' || step === 'time');

  // Each step opens at the top of the screen with its heading focused, so the next choice is in view.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<FunnelStep | null>(null);
  useEffect(() => {
    if (services.isPending) return;
    if (shownStep.current === null) shownStep.current = step;
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step, services.isPending]);

  if (params.booked) {
    return (
      <Container size="md" py="xl">
        <Suspense fallback={<StepSkeleton />}>
          <BookedPanel
            id={params.booked}
            timeZone={timeZone}
            locale={locale}
            currency={currency}
            bookAgain={() => setSearchParams({ style }, { replace: true })}
            chooseAnotherTime={(given) =>
              setSearchParams(
                { style: given.style, type: given.type, duration: String(given.durationMinutes), step: 'day' },
                { replace: true },
              )
            }
          />
        </Suspense>
      </Container>
    );
  }

  const onBooked = (booking: Booking) => setSearchParams({ booked: booking.id }, { replace: true });

  const verificationReturn = `/book?${new URLSearchParams({ ...params, verified: 'true' })}`;
  const reach = reachUs(config?.contact);
  const contact = `${config ? `${config.businessName}, ${config.area}. ` : ''}Please ${reach ?? REPLY_TO_EMAIL} and we will gladly help.`;

  const continueTo: FunnelStep =
    step === 'treatment' && onlyDuration
      ? withExtras
        ? 'extras'
        : 'day'
      : dayAndTime
        ? 'details'
        : nextStep(step, withExtras);
  const canContinue =
    step === 'treatment'
      ? Boolean(service)
      : step === 'length'
        ? Boolean(duration)
        : step === 'day' && !dayAndTime
          ? Boolean(day)
          : Boolean(slot);
  const lines = service
    ? [
        duration ? `${service.name}, ${formatDuration(duration.minutes)}` : service.name,
        ...(chosenAddOns.length ? [`With ${chosenAddOns.map((a) => a.name).join(', ')}`] : []),
        ...(slot
          ? [formatShortDateTime(slot, timeZone, locale)]
          : day && stepNumber(step) >= stepNumber('time')
            ? [formatLongDate(day, locale)]
            : []),
      ]
    : ['Choose a treatment'];
  const price = duration
    ? formatPrice(duration.pricePence + extraPence, locale, currency)
    : service
      ? `from ${formatPrice(Math.min(...service.durations.map((d) => d.pricePence)), locale, currency)}`
      : null;
  const bar = (action?: ReactNode) => (
    <FunnelBar lines={lines} price={price}>
      {action}
    </FunnelBar>
  );
  const continueButton =
    step === 'extras' ? (
      // One tap on: with the add-ons ticked, or without any (Skip).
      <Button size="md" onClick={() => setParams({ step: 'day', addOns: chosenAddOnIds.join(',') }, { push: true })}>
        {chosenAddOns.length ? 'Continue' : 'Skip'}
      </Button>
    ) : (
      <Button size="md" disabled={!canContinue} onClick={() => setParams({ step: continueTo }, { push: true })}>
        Continue
      </Button>
    );
  const previous = stepsOf(withExtras)[stepNumber(step, withExtras) - 2];
  const goBack = () => {
    // Back through the history when this visit came from the step before; else to the step before.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) window.history.back();
    else if (previous) setParams({ step: previous });
  };

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          Book a massage
        </Title>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="var(--app-muted)">
            Step{' '}
            {dayAndTime
              ? `${stepNumber('day', withExtras)}–${stepNumber('time', withExtras)}`
              : stepNumber(step, withExtras)}{' '}
            of {stepsOf(withExtras).length}
          </Text>
          {previous && (
            <Button variant="subtle" size="compact-sm" onClick={goBack}>
              Back
            </Button>
          )}
        </Group>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {dayAndTime ? 'Day and time' : stepTitles[step]}
        </Title>

        {step === 'treatment' ? (
          <>
            <Text>{BOOK_INTRO}</Text>
            {styles.length > 1 && (
              <Group justify="space-between" gap="sm">
                <Suspense fallback={null}>
                  <StyleSwitch
                    styles={styles}
                    value={style}
                    onChange={(value) => setSearchParams({ style: value }, { replace: true })}
                  />
                </Suspense>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    clearSensualFlag();
                    setSearchParams({ style: 'therapeutic' }, { replace: true });
                  }}
                >
                  Hide private treatments
                </Button>
              </Group>
            )}
            {services.isPending ? (
              <StepSkeleton />
            ) : (
              <ServiceList locale={locale} currency={currency} style={style} selectedType={service?.type ?? null} />
            )}
            {bar(continueButton)}
            {style === 'therapeutic' && service && (
              <Suspense fallback={null}>
                <ReviewsSection type={service.type} title={`What clients say about the ${service.name}`} />
              </Suspense>
            )}
          </>
        ) : addOns.isPending ? (
          <StepSkeleton />
        ) : step === 'extras' ? (
          <Suspense fallback={<StepSkeleton />}>
            <AddOnsStep
              offered={addOns.offered}
              chosen={chosenAddOnIds}
              onChange={(ids) => setParams({ addOns: ids.join(','), step: 'extras' })}
              locale={locale}
              currency={currency}
            />
            {bar(continueButton)}
          </Suspense>
        ) : (
          service && (
            <Suspense fallback={<StepSkeleton />}>
              <ChosenAddOns.Provider value={chosenAddOnIds}>
                <BookSteps
                  step={step}
                  dayAndTime={dayAndTime}
                  service={service}
                  duration={duration ? { ...duration, pricePence: duration.pricePence + extraPence } : null}
                  day={day}
                  slot={slot}
                  setParams={(patch, options) =>
                    // A length chosen goes on to the add-ons when one goes with the treatment.
                    setParams(
                      step === 'length' && patch.step === 'day' && withExtras ? { ...patch, step: 'extras' } : patch,
                      options,
                    )
                  }
                  timeZone={timeZone}
                  locale={locale}
                  currency={currency}
                  contact={contact}
                  verificationReturn={verificationReturn}
                  onBooked={onBooked}
                  bar={bar}
                  continueButton={continueButton}
                />
              </ChosenAddOns.Provider>
            </Suspense>
          )
        )}
      </Stack>
    </Container>
  );
}
