import { Button, Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import type { SlotPickerProps } from './slot-picker.tsx';

const SlotPicker = lazy(() => import('./slot-picker.tsx').then((m) => ({ default: m.SlotPicker })));

/**
 * A new time for a booking, in a dialog: the slot picker for its service and length, loaded the first time a dialog
 * asks for it (it brings the calendar's code), with its headings under the dialog's.
 */
export function NewTimePicker({
  booking,
  loadingLabel,
  ...picker
}: Omit<SlotPickerProps, 'serviceId' | 'durationMinutes' | 'headingLevel'> & {
  booking: { serviceId: string; durationMinutes: number };
  loadingLabel: string;
}) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label={loadingLabel} />}>
      <SlotPicker
        serviceId={booking.serviceId}
        durationMinutes={booking.durationMinutes}
        headingLevel={3}
        {...picker}
      />
    </Suspense>
  );
}

/** The free times nearest the one just taken, each a button that chooses it instead. */
export function AlternativeTimes({
  times,
  timeZone,
  locale,
  onChoose,
}: {
  times: string[];
  timeZone: string;
  locale?: string;
  onChoose: (startsAt: string) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label="Other free times">
      {times.map((alternative) => (
        <Button key={alternative} size="xs" variant="light" onClick={() => onChoose(alternative)}>
          {formatDateTime(alternative, timeZone, locale)}
        </Button>
      ))}
    </Group>
  );
}
