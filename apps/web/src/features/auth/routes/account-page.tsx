import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ColourSchemeSwitch } from '../../../components/colour-scheme-switch.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useCurrentUser } from '../../../lib/auth-client.ts';
import { Link } from '../../../lib/links.tsx';
import { notifications } from '../../../lib/notifications.ts';
import { ACCOUNT_EXPORT_URL, linkedAccountsQuery, useSignOut } from '../api.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { ConnectedAccounts } from '../components/connected-accounts.tsx';
import { ContactChoice } from '../components/contact-choice.tsx';
import { DeleteAccount } from '../components/delete-account.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { PasskeysSection } from '../components/passkeys-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SecondFactorSection } from '../components/second-factor-section.tsx';
import { SignedInDevices } from '../components/signed-in-devices.tsx';

const SECURITY_OPEN_KEY = 'account-security-open';

/** The server keeps `phone` as a user field; the web client is not told its type, so it is read here. */
function phoneOf(user: object): string | null {
  const phone = (user as { phone?: unknown }).phone;
  return typeof phone === 'string' && phone ? phone : null;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Both links of an email change land on `?emailchanged=true`; the notice fits either step. */
function useEmailChangedNotice(refetch: () => Promise<void>) {
  const location = useLocation();
  const navigate = useNavigate();
  const emailChanged = new URLSearchParams(location.search).get('emailchanged') === 'true';
  // Acts once per landing: navigate and refetch are stable enough for that, and the query is removed at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-running on every location change would repeat nothing useful
  useEffect(() => {
    if (!emailChanged) return;
    notifications.show({
      id: 'email-changed',
      color: 'teal',
      title: 'Email change confirmed',
      message:
        'Thank you. If the address on this page has not changed yet, open the link we have just sent to your new address to finish.',
      autoClose: false,
    });
    void refetch();
    const rest = new URLSearchParams(location.search);
    rest.delete('emailchanged');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [emailChanged]);
}

export function AccountPage() {
  const { user, role, isPending, refetch } = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const accounts = useQuery({ ...linkedAccountsQuery, enabled: Boolean(user) });
  useEmailChangedNotice(refetch);
  // Opened once in this tab, it stays open across the round trip to a provider when connecting one.
  const [securityOpen, setSecurityOpenState] = useState<boolean | null>(() =>
    sessionStorage.getItem(SECURITY_OPEN_KEY) === 'true' ? true : null,
  );
  const setSecurityOpen = (open: boolean) => {
    sessionStorage.setItem(SECURITY_OPEN_KEY, String(open));
    setSecurityOpenState(open);
  };

  if (isPending) return <PageSkeleton label="Loading your account" rows={3} />;
  if (!user) {
    return (
      <Container size="xs" py="xl">
        <Text>
          You are signed out.{' '}
          <Anchor component={Link} to="/facebook_login">
            Sign in
          </Anchor>{' '}
          to see your account.
        </Text>
      </Container>
    );
  }

  // The owner's security is open from the start; a client opens theirs.
  const showSecurity = securityOpen ?? role === 'admin';

  // Until the list arrives, assume a password: nearly every account has one, and the server decides anyway.
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? true;

  const afterDeletion = () => {
    notifications.show({ id: 'account-deleted', color: 'teal', message: 'Your account has been deleted.' });
    navigate('/', { replace: true });
    // The session is gone on the server; the shell learns it here and shows the visitor's header.
    void refetch();
  };

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Your account</Title>

        <Section id="account-details" title="Your details">
          <ProfileForm key={user.id} name={user.name} phone={phoneOf(user)} onSaved={() => refetch()} />
        </Section>

        {role !== 'admin' && (
          <Button component={Link} to="/bookings" variant="light" h={44} style={{ alignSelf: 'flex-start' }}>
            My bookings
          </Button>
        )}

        <Section id="account-appearance" title="Appearance">
          <ColourSchemeSwitch />
        </Section>

        <Section id="account-email" title="Email">
          <EmailSection user={user} />
        </Section>

        <Section id="account-contact" title="Booking messages">
          <ContactChoice />
        </Section>

        {/* Security under its own heading: open for the owner (a second factor is theirs to keep), folded away for
            a client, who comes here for their details and bookings. */}
        <Paper withBorder p="md" component="section" aria-labelledby="account-security">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} size="h3" id="account-security">
              Security
            </Title>
            <Button
              variant="subtle"
              h={44}
              aria-expanded={showSecurity}
              aria-controls="account-security-sections"
              onClick={() => setSecurityOpen(!showSecurity)}
            >
              {showSecurity ? 'Hide security settings' : 'Show security settings'}
            </Button>
          </Group>
          <Text size="sm" c="var(--app-muted)">
            Password, second factor, passkeys, signed-in devices and connected accounts.
          </Text>
        </Paper>
        {showSecurity && (
          <Stack gap="lg" id="account-security-sections">
            <Section id="account-password" title="Password">
              {hasPassword ? (
                <ChangePasswordForm />
              ) : (
                <Text>Your account has no password: you sign in with the provider below.</Text>
              )}
            </Section>

            <Section id="account-second-factor" title="Second factor">
              <SecondFactorSection
                enabled={(user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true}
                required={role === 'admin'}
              />
            </Section>

            <Section id="account-passkeys" title="Passkeys">
              <PasskeysSection />
            </Section>

            <Section id="account-devices" title="Signed-in devices">
              <SignedInDevices />
            </Section>

            <Section id="account-sign-in" title="Connected accounts">
              <ConnectedAccounts />
            </Section>
          </Stack>
        )}

        <Section id="account-data" title="Your data">
          <Text size="sm" mb="sm">
            A copy of everything we hold about you: your account, sign-in methods, sessions, bookings and their history,
            and the emails we sent you.
          </Text>
          <Button component="a" href={ACCOUNT_EXPORT_URL} download="my-data.json" variant="default">
            Download my data
          </Button>
        </Section>

        <Section id="account-delete" title="Account deletion">
          <DeleteAccount hasPassword={hasPassword} onDeleted={afterDeletion} />
        </Section>

        <Stack gap="xs">
          <FailureAlert error={signOut.error} message={authErrorMessage} />
          <Button
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            loading={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/') })}
          >
            Sign out
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
