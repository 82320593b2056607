import { Alert, List, Text } from '@mantine/core';
import { readableTitle } from '../../../components/readable-styles.ts';
import { formatShortDateTime } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import type { Dashboard } from '../api.ts';

/** The owner's other calendars that could not be read: slots keep their last good copy until they can be again. */
export function StaleCalendars({ calendars, timeZone }: { calendars: Dashboard['staleCalendars']; timeZone: string }) {
  if (calendars.length === 0) return null;
  return (
    <Alert color="orange" title="A calendar of yours could not be read" role="alert" styles={readableTitle}>
      <List size="sm" aria-label="Stale calendars">
        {calendars.map((calendar) => (
          <List.Item key={calendar.id}>
            <Text span fw={600} size="sm">
              {calendar.label} (stale)
            </Text>
            : {calendar.lastError ?? 'not read lately.'}{' '}
            {calendar.refreshedAt
              ? `Its copy of ${formatShortDateTime(calendar.refreshedAt, timeZone)} still closes those times.`
              : 'It has never been read.'}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        Check its address under <Link to="/availability">Availability › Your other calendars</Link>.
      </Text>
    </Alert>
  );
}
