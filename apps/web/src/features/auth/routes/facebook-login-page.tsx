import { Container, Divider, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SignInForm } from '../../../components/auth/sign-in-form.tsx';
import { SignUpForm } from '../../../components/auth/sign-up-form.tsx';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { SocialSignInButtons } from '../components/social-sign-in-buttons.tsx';

type Mode = 'sign-in' | 'create-account';

/** The spec's social login page (/facebook_login): every configured provider, and email sign-in or sign-up. */
export function FacebookLoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
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
          <Tabs
            keepMounted={false}
            value={mode}
            onChange={(value) => setMode(value === 'create-account' ? value : 'sign-in')}
          >
            <Tabs.List grow mb="md">
              <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
              <Tabs.Tab value="create-account">Create account</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="sign-in">
              <SignInForm onSignedIn={goHome} />
            </Tabs.Panel>
            <Tabs.Panel value="create-account">
              <SignUpForm onSignedIn={goHome} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Paper>
    </Container>
  );
}
