import type { PublicConfig } from '@app/shared';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '../../lib/links.tsx';
import { anyTrackerConfigured, removeTrackerCookies, saveConsent, useConsent } from '../boot/consent.ts';
import { loadConsentedTrackers } from '../boot/trackers.ts';

/** Asked only when the business configured an analytics or advertising id; otherwise we set no optional cookies. */
export function ConsentBanner({ analytics }: { analytics: PublicConfig['analytics'] }) {
  const consent = useConsent();
  if (consent !== null || !anyTrackerConfigured(analytics)) return null;

  const accept = () => {
    saveConsent('accepted');
    loadConsentedTrackers(analytics);
  };
  const reject = () => {
    saveConsent('rejected');
    removeTrackerCookies();
  };

  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      shadow="md"
      p="md"
      withBorder
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 300 }}
      radius={0}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" maw={640}>
          We would like to use analytics and advertising cookies to improve this site.{' '}
          <Anchor component={Link} to="/cookies-and-privacy-policy">
            Cookies and privacy policy
          </Anchor>
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={reject}>
            Only necessary
          </Button>
          <Button onClick={accept}>Accept all</Button>
        </Group>
      </Group>
    </Paper>
  );
}
