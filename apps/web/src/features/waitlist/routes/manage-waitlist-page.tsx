import { type AdminWaitlistEntry, waitlistDayLabels } from '@app/shared';
import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime, formatLongDate, formatShortDate, localDateIn } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  adminWaitlistQuery,
  useOfferTimeByHand,
  useSaveWaitlistSettings,
  waitlistSettingsQuery,
} from '../../../lib/waitlist/api.ts';
import { fromWallClock } from '../../../lib/zoned-time.ts';

/** /manage_waitlist — the owner's waitlist by day: who waits for it, the times offered, and offering one by hand. */
export function ManageWaitlistPage() {
  usePageTitle('Waitlist');
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const locale = config?.locale;
  const [date, setDate] = useState(() => localDateIn(new Date(), timeZone));
  const day = useQuery(adminWaitlistQuery(date));
  return (
    <BackOfficePage title="Waitlist">
      <Text size="sm">
        Clients who found no time that suited them wait here. A cancelled, moved or unblocked time is offered to them by
        email at once, in the order they joined; the first to book it gets it.
      </Text>
      <Group align="flex-end" gap="sm">
        <TextField type="date" label="Day" value={date} onChange={(day) => day && setDate(day)} />
      </Group>
      <Title order={2} size="h3">
        Waiting for {formatLongDate(date, locale)}
      </Title>
      {day.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the waitlist">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : day.isError ? (
        <LoadError title="The waitlist could not be loaded" error={day.error} onRetry={() => day.refetch()} />
      ) : day.data.entries.length === 0 ? (
        <Text>Nobody is waiting for this day.</Text>
      ) : (
        <Stack gap="sm">
          {day.data.entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} date={date} timeZone={timeZone} locale={locale} />
          ))}
        </Stack>
      )}
      <OfferSettings />
    </BackOfficePage>
  );
}

function EntryCard({
  entry,
  date,
  timeZone,
  locale,
}: {
  entry: AdminWaitlistEntry;
  date: string;
  timeZone: string;
  locale?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{entry.clientName}</Text>
          <Button size="xs" variant="light" onClick={() => setOpen(true)}>
            Offer a time
          </Button>
        </Group>
        <Text size="sm">{entry.clientEmail}</Text>
        <Text size="sm">
          {entry.serviceName}, {entry.durationMinutes} minutes · {formatShortDate(entry.fromDate, locale)} to{' '}
          {formatShortDate(entry.toDate, locale)} · {waitlistDayLabels[entry.days]} · starting {entry.fromTime}–
          {entry.toTime}
        </Text>
        <Text size="xs" c="dimmed">
          Joined {formatDateTime(entry.createdAt, timeZone, locale)}
        </Text>
        {entry.offers.map((offer) => (
          <Text key={offer.id} size="sm">
            Offered {formatDateTime(offer.startsAt, timeZone, locale)}, open until{' '}
            {formatDateTime(offer.expiresAt, timeZone, locale)}
          </Text>
        ))}
      </Stack>
      <OfferDialog open={open} onClose={() => setOpen(false)} entry={entry} date={date} timeZone={timeZone} />
    </Card>
  );
}

function OfferDialog({
  open,
  onClose,
  entry,
  date,
  timeZone,
}: {
  open: boolean;
  onClose: () => void;
  entry: AdminWaitlistEntry;
  date: string;
  timeZone: string;
}) {
  const offer = useOfferTimeByHand();
  const [time, setTime] = useState(entry.fromTime === '00:00' ? '10:00' : entry.fromTime);
  return (
    <AppModal opened={open} onClose={onClose} title={`Offer ${entry.clientName} a time`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const [hours = 0, minutes = 0] = time.split(':').map(Number);
          const [y = 2000, m = 1, d = 1] = date.split('-').map(Number);
          const startsAt = fromWallClock(new Date(Date.UTC(y, m - 1, d, hours, minutes)), timeZone).toISOString();
          offer.mutateAsync({ entryId: entry.id, startsAt }).then(onClose, () => {});
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The client is emailed the time with a link that books it, if it is still free when they tap it.
          </Text>
          <TextField type="time" label={`Start on ${date}`} value={time} onChange={setTime} required />
          <FailureAlert error={offer.error} message={(error) => error.message.replace(/^\w+: /, '')} />
          <DialogActions keepLabel="Cancel" onKeep={onClose}>
            <Button type="submit" loading={offer.isPending}>
              Email the offer
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppModal>
  );
}

function OfferSettings() {
  const settings = useQuery(waitlistSettingsQuery);
  const save = useSaveWaitlistSettings();
  const [minutes, setMinutes] = useState<number | null>(null);
  const shown = minutes ?? settings.data?.offerMinutes ?? 120;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutateAsync({ offerMinutes: shown }).catch(() => {});
      }}
    >
      <Stack gap="xs">
        <Title order={2} size="h3">
          Offers
        </Title>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="An offer stays open for (minutes)"
            description="It closes earlier when the time's minimum notice comes first."
            min={15}
            max={2880}
            value={shown}
            onChange={(value) => setMinutes(typeof value === 'number' ? value : null)}
          />
          <Button type="submit" variant="light" loading={save.isPending}>
            Save
          </Button>
        </Group>
        <FailureAlert error={save.error} />
        {save.isSuccess && (
          <Text size="sm" role="status">
            Saved.
          </Text>
        )}
      </Stack>
    </form>
  );
}
