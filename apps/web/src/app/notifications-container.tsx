import '../lib/styles/all-styles.ts';
import '@mantine/notifications/styles.css';
import { NOTIFICATION_POSITION, NOTIFICATION_TIMEOUT_MS } from '@app/shared';
import { Notifications } from '@mantine/notifications';

/** Its own module so the container and its animation library form a chunk that loads with the first notification. */
export function NotificationsContainer() {
  return <Notifications position={NOTIFICATION_POSITION} autoClose={NOTIFICATION_TIMEOUT_MS} />;
}
