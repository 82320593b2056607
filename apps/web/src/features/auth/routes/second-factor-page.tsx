import { Alert, Anchor, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/auth-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { publicConfigQuery } from '../api.ts';
import { TotpEnrolmentFlow } from '../components/totp-enrolment.tsx';

/**
 * /second-factor: where an admin without a second factor is sent before any back-office page (the API refuses them
 * until then), and where a client or the lodger sets one up from the account page.
 */
export function SecondFactorPage() {
  usePageTitle('Set up your second factor');
  const navigate = useNavigate();
  const { user, role, isPending } = useCurrentUser();
  const businessName = useQuery(publicConfigQuery).data?.businessName ?? 'our';
  const enabled = (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled === true;
  // Decided once on arrival: the flow stays on screen after it turns the factor on, to show the recovery codes.
  const [showFlow, setShowFlow] = useState<boolean | null>(null);
  useEffect(() => {
    if (!isPending && showFlow === null) setShowFlow(!enabled);
  }, [isPending, enabled, showFlow]);

  return (
    <Container size={480} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            Set up your second factor
          </Title>
          {showFlow === null ? (
            <Loader aria-label="Loading" />
          ) : !showFlow ? (
            <Text>
              Your second factor is already set up. You can make new recovery codes on{' '}
              <Anchor component={Link} to="/account">
                your account page
              </Anchor>
              .
            </Text>
          ) : (
            <>
              {role === 'admin' && !enabled && (
                <Alert color="blue" title="Required for the back office">
                  The owner’s account protects every client’s details, so it needs a code from your phone as well as
                  your password. Set it up once to continue.
                </Alert>
              )}
              <TotpEnrolmentFlow
                businessName={businessName}
                // Home sends an admin to the dashboard and the lodger to the calendar; a client goes back to the account.
                onDone={() => navigate(role === 'user' ? '/account' : '/', { replace: true })}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
