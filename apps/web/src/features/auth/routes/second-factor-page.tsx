import { Alert, Anchor, Button, Container, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { secondFactorErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useSignInWithPasskey } from '../../../lib/auth/sign-in-api.ts';
import { useCurrentUser } from '../../../lib/auth-client.ts';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { AddPasskeyForm } from '../components/passkeys-section.tsx';
import { TotpEnrolmentFlow } from '../components/totp-enrolment.tsx';

/**
 * /second-factor: where an admin without a second factor is sent before any back-office page (the API refuses them
 * until then), and where a client or the lodger sets one up from the account page.
 */
export function SecondFactorPage() {
  usePageTitle('Set up your second factor');
  const navigate = useNavigate();
  const { role, isPending, secondFactor: enabled } = useCurrentUser();
  const businessName = useQuery(publicConfigQuery).data?.businessName ?? 'our';
  const [appStarted, setAppStarted] = useState(false);
  const usePasskey = useSignInWithPasskey();
  // Home sends an admin to the dashboard and the lodger to the calendar; a client goes back to the account.
  const done = () => navigate(role === 'user' ? '/account' : '/', { replace: true });
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
                  The owner’s account protects every client’s details, so it needs a second factor as well as your
                  password: a code from your phone, or a passkey. Set one up once to continue.
                </Alert>
              )}
              <Title order={2} size="h4">
                An authenticator app
              </Title>
              <TotpEnrolmentFlow businessName={businessName} onDone={done} onStarted={() => setAppStarted(true)} />
              {!appStarted && (
                <>
                  <Divider
                    label="or"
                    labelPosition="center"
                    // Mantine's dimmed label fails the contrast check (axe); the text colour reads.
                    styles={{ label: { color: 'var(--mantine-color-text)' } }}
                  />
                  <Title order={2} size="h4">
                    A passkey
                  </Title>
                  <Text size="sm">
                    This device’s fingerprint, face or PIN (or a security key) confirms it is you. You can then sign in
                    with the passkey alone.
                  </Text>
                  <AddPasskeyForm submitLabel="Use a passkey" onAdded={done} />
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    style={{ alignSelf: 'flex-start' }}
                    loading={usePasskey.isPending}
                    onClick={() => usePasskey.mutate(undefined, { onSuccess: done })}
                  >
                    I already have a passkey: use it
                  </Button>
                  <FailureAlert error={usePasskey.error} message={secondFactorErrorMessage} />
                </>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
