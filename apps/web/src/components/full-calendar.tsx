import { Calendar, type CalendarOptions, type DatesSetArg } from '@fullcalendar/core';
import enGb from '@fullcalendar/core/locales/en-gb';
import { Box } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addDays, toWallClock, wallDate } from '../lib/zoned-time.ts';

/**
 * FullCalendar names its icon-only buttons only by a title, and marks the icons role="img" without a name: the
 * buttons get the title as their accessible name and the icons are hidden from assistive technology.
 */
function nameIconButtons(root: HTMLElement) {
  for (const icon of root.querySelectorAll('.fc-icon[role="img"]')) {
    icon.removeAttribute('role');
    icon.setAttribute('aria-hidden', 'true');
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('.fc-button[title]'))
    if (!button.textContent?.trim()) button.setAttribute('aria-label', button.title);
}

/**
 * FullCalendar 6's own Calendar class in a div. The registry's @fullcalendar/react is version 7, which pairs with
 * FullCalendar 7 and not with the core 6 plugins, so this wrapper stands in for it (docs/decisions).
 * Options are applied again after every render; FullCalendar diffs them itself.
 */
export function FullCalendar({ options, label }: { options: CalendarOptions; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const root = element.current;
    if (!root) return;
    const instance = new Calendar(root, latest.current);
    calendar.current = instance;
    instance.render();
    nameIconButtons(root);
    // Toolbar titles (e.g. 'Previous week') change with the view.
    const observer = new MutationObserver(() => nameIconButtons(root));
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['title', 'role'], childList: true });
    return () => {
      observer.disconnect();
      instance.destroy();
      calendar.current = null;
    };
  }, []);

  useEffect(() => {
    calendar.current?.resetOptions(options);
  });

  return <Box ref={element} role="region" aria-label={label} />;
}

const time24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * What the owner's two diaries (bookings and availability) share: the business's clock, dates written the British
 * way, 07:00 to 23:00 in half hours with quarter-hour snapping, and the toolbar, its view buttons (`views`) in the
 * footer on a phone.
 */
export function diaryOptions({
  timeZone,
  phone,
  views,
}: {
  timeZone: string;
  phone: boolean;
  views: string;
}): CalendarOptions {
  return {
    // Wall-clock times as UTC: see lib/zoned-time.ts.
    timeZone: 'UTC',
    // Day headers and titles as the owner writes dates (25/11, not 11/25).
    locale: enGb,
    now: () => toWallClock(Date.now(), timeZone),
    headerToolbar: phone
      ? { left: 'prev,next', center: 'title', right: 'today' }
      : { left: 'prev,next today', center: 'title', right: views },
    footerToolbar: phone ? { center: views } : undefined,
    titleFormat: phone ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'long', year: 'numeric' },
    firstDay: 1,
    allDaySlot: false,
    slotMinTime: '07:00:00',
    slotMaxTime: '23:00:00',
    slotDuration: '00:30:00',
    snapDuration: '00:15:00',
    slotLabelFormat: time24,
    eventTimeFormat: time24,
    height: 'auto',
    nowIndicator: true,
    longPressDelay: 400,
  };
}

/** Whether a diary opens in its phone layout: asked once, as it first draws. */
export function useDiaryOnPhone(): boolean {
  const [phone] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48em)').matches,
  );
  return phone;
}

/**
 * The days a diary shows, 'YYYY-MM-DD' with both ends included (null until it first draws), and its `datesSet`
 * option that keeps them. Paging back to the same days keeps the same object, so the queries keyed on it are not
 * asked again.
 */
export function useShownDays() {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const datesSet = useCallback((arg: DatesSetArg) => {
    const next = { from: wallDate(arg.start), to: addDays(wallDate(arg.end), -1) };
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
  }, []);
  return { range, datesSet };
}
