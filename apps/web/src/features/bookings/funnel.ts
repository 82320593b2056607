/**
 * The steps of /book (decision 027): one per screen on a phone, each in the address (`step`) with the choices made
 * so far (`style`, `type`, `duration`, `addOns`, `day`, `slot`), so Back, a reload and a shared link land on the same
 * screen. The add-ons' step (`extras`) is there only when an add-on goes with the chosen treatment.
 */
export const funnelSteps = ['treatment', 'length', 'extras', 'day', 'time', 'details', 'confirm'] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/** The steps this visitor goes through: without the add-ons' step when none goes with the treatment. */
export function stepsOf(withExtras = false): FunnelStep[] {
  return funnelSteps.filter((step) => withExtras || step !== 'extras');
}

/** The choices as the address holds them (`booked` once the booking is made). */
export type BookParams = {
  style?: string;
  type?: string;
  duration?: string;
  /** The add-ons chosen, `a,b`; present but empty once the visitor skipped them. */
  addOns?: string;
  day?: string;
  slot?: string;
  step?: string;
  booked?: string;
};
/** A change to the address: each value replaces its parameter, null removes it. */
export type ParamsPatch = Partial<Record<keyof BookParams, string | null>>;

export const stepTitles: Record<FunnelStep, string> = {
  treatment: 'Treatment',
  length: 'Length',
  extras: 'Add-ons',
  day: 'Day',
  time: 'Time',
  details: 'Your details',
  confirm: 'Confirm',
};

export type FunnelChoices = {
  /** A treatment offered to this visitor is chosen. */
  treatment: boolean;
  /** A length is chosen, or the treatment has only one. */
  length: boolean;
  /**
   * The add-ons: undefined (or null) when none goes with the treatment; else whether the visitor has chosen or
   * skipped them.
   */
  extras?: boolean | null;
  /** A day is chosen (or follows from the chosen time). */
  day: boolean;
  time: boolean;
};

/** The furthest step the choices made so far reach. */
export function furthestStep(choices: FunnelChoices): FunnelStep {
  if (!choices.treatment) return 'treatment';
  if (!choices.length) return 'length';
  if (choices.extras === false) return 'extras';
  if (!choices.time) return choices.day ? 'time' : 'day';
  return 'confirm';
}

const indexOf = (step: FunnelStep) => funnelSteps.indexOf(step);
const withExtrasOf = (choices: FunnelChoices) => choices.extras === true || choices.extras === false;

export function isFunnelStep(value: string | null | undefined): value is FunnelStep {
  return (funnelSteps as readonly string[]).includes(value ?? '');
}

/**
 * The step to show: the one the address asks for when every choice before it is made, else the first choice still
 * open. Without a step (a link from a treatment, or from before steps existed) the first open choice, stopping at
 * the details: a link with a time opens on the details, as it always has; a treatment with one length skips it.
 */
export function stepToShow(
  requested: string | null | undefined,
  choices: FunnelChoices,
  singleLength = false,
): FunnelStep {
  const furthest = furthestStep(choices);
  // Without an add-on for the treatment, a link to their step goes on to the day.
  if (requested === 'extras' && !withExtrasOf(choices)) return stepToShow('day', choices, singleLength);
  if (isFunnelStep(requested)) return indexOf(requested) <= indexOf(furthest) ? requested : furthest;
  if (furthest === 'confirm') return 'details';
  if (furthest === 'length' && singleLength) return 'day';
  return furthest;
}

export function nextStep(step: FunnelStep, withExtras = false): FunnelStep {
  const steps = stepsOf(withExtras);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)] as FunnelStep;
}

/** The step's number as the visitor counts them (the add-ons' step counted only when it is there). */
export function stepNumber(step: FunnelStep, withExtras = false): number {
  const steps = stepsOf(withExtras);
  return steps.includes(step) ? steps.indexOf(step) + 1 : steps.indexOf('day') + 1;
}

export type DayPeriod = 'Morning' | 'Afternoon' | 'Evening';

/** Morning before 12:00, afternoon before 17:00, evening after, on the business's clock. */
export function periodOf(instant: string, timeZone: string): DayPeriod {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(instant)),
  );
  return hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : 'Evening';
}

/** The free times of a day in Morning / Afternoon / Evening, leaving out a period without any. */
export function groupByPeriod(slots: string[], timeZone: string): { period: DayPeriod; slots: string[] }[] {
  const groups: { period: DayPeriod; slots: string[] }[] = [
    { period: 'Morning', slots: [] },
    { period: 'Afternoon', slots: [] },
    { period: 'Evening', slots: [] },
  ];
  for (const slot of slots) groups.find((g) => g.period === periodOf(slot, timeZone))?.slots.push(slot);
  return groups.filter((g) => g.slots.length > 0);
}

/** The first day after `day` with free times, among the days loaded. */
export function nextFreeDay(day: string | null, freeDays: string[]): string | null {
  return [...freeDays].sort().find((candidate) => day === null || candidate > day) ?? null;
}
