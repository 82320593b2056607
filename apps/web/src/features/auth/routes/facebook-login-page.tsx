import { Container, Divider, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type SignInMode, SignInTabs } from '../../../components/auth/sign-in-tabs.tsx';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { SocialSignInButtons } from '../components/social-sign-in-buttons.tsx';

/** The spec's social login page (/facebook_login): every configured provider, and email sign-in or sign-up. */
export function FacebookLoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<SignInMode>('sign-in');
  const hasProviders = (useQuery(publicConfigQuery).data?.socialProviders.length ?? 0) > 0;
  // Home's guard sends admins to /dashboard and lodgers to /availability.
  const goHome = () => navigate('/');

  return (
    <Container size={420} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {mode === 'sign-in' ? 'Sign in' : 'Create account'}
          </Title>
          <SocialSignInButtons />
          {hasProviders && (
            <Divider
              label="or use your email"
              labelPosition="center"
              styles={{ label: { color: 'var(--app-muted)' } }}
            />
          )}
          <SignInTabs onSignedIn={goHome} mode={mode} onModeChange={setMode} />
        </Stack>
      </Paper>
    </Container>
  );
}
