import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, addMonths, monthRange } from '../../../lib/zoned-time.ts';

const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };

type Crossing = { from: string; step: number };

/**
 * The day grid's arrow keys across months (WCAG 2.1.1). Mantine's calendar moves focus among the free days of the
 * month shown and stops at its edge; past its last free day (ArrowRight, or ArrowDown in the last weeks) the next
 * month is shown and focus lands on its first free day in that direction, and back the same way, never before
 * `today`'s month nor past `lastDay` (the booking horizon). The month's free days load after it is shown, so focus
 * moves once they have.
 */
export function useArrowsAcrossMonths({
  month,
  showMonth,
  freeDays,
  loaded,
  today,
  lastDay,
  dayLabel,
}: {
  /** The first day of the month shown. */
  month: string;
  showMonth: (first: string) => void;
  /** The free days of the month shown, once `loaded`. */
  freeDays: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  loaded: boolean;
  today: string;
  lastDay: string;
  /** A day's button's accessible name, as the calendar writes it. */
  dayLabel: (date: string) => string;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const [crossing, setCrossing] = useState<Crossing | null>(null);
  const inMonth = (date: string, first: string) => date.slice(0, 7) === first.slice(0, 7);
  const neighbour = (first: string, step: number) => monthRange(addMonths(first, step > 0 ? 1 : -1)).first;
  const reachable = (first: string) => first <= lastDay && monthRange(first).last >= today;

  const onDayKeyDown = (date: string, event: KeyboardEvent<HTMLButtonElement>) => {
    const step = steps[event.key];
    if (!step || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    // A free day further on in this month: Mantine's own move.
    for (let next = addDays(date, step); inMonth(next, month); next = addDays(next, step))
      if (freeDays.has(next)) return;
    const target = neighbour(month, step);
    if (!reachable(target)) return;
    event.preventDefault();
    setCrossing({ from: date, step });
    showMonth(target);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the month shown has loaded its free days
  useEffect(() => {
    if (!crossing || !loaded) return;
    const { from, step } = crossing;
    const { first, last } = monthRange(month);
    // In the arrow's line first (a week down keeps the weekday), else the nearest free day that way.
    const days = Array.from({ length: Number(last.slice(8, 10)) }, (_, index) =>
      addDays(first, step > 0 ? index : Number(last.slice(8, 10)) - 1 - index),
    ).filter((day) => freeDays.has(day));
    const inLine = days.find(
      (day) => Math.abs(Date.parse(day) - Date.parse(from)) % (Math.abs(step) * 86_400_000) === 0,
    );
    const chosen = inLine ?? days[0];
    if (chosen) {
      setCrossing(null);
      grid.current?.querySelector<HTMLButtonElement>(`button[aria-label="${dayLabel(chosen)}"]`)?.focus();
      return;
    }
    // A month without a free day: on to the next, within the horizon; at its end, the month control.
    const further = neighbour(month, step);
    if (reachable(further)) return showMonth(further);
    setCrossing(null);
    grid.current
      ?.querySelector<HTMLButtonElement>(`button[aria-label="${step > 0 ? 'Previous month' : 'Next month'}"]`)
      ?.focus();
  }, [crossing, loaded, month]);

  return { grid, onDayKeyDown };
}
