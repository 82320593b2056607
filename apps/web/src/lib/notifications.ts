import { notifications } from '@mantine/notifications';
import { wantNotifications } from './notifications-wanted.ts';

// Every module that shows a notification imports Mantine's `notifications` from here: loading this module is what
// mounts the container (providers.tsx), before the first notification is shown, and Mantine's store keeps any
// notification until then.
wantNotifications();

export { notifications };
