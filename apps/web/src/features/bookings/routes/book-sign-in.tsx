import { Stack, Tabs, Text } from '@mantine/core';
import { SignInForm } from '../../../components/auth/sign-in-form.tsx';
import { SignUpForm } from '../../../components/auth/sign-up-form.tsx';

type BookSignInProps = {
  onSignedIn: () => void;
  /** Where the verification link of a new account lands: back on /book with the chosen time. */
  verificationCallbackURL: string;
};

/** The last step of /book for a visitor who is not signed in; loaded only then. */
export function BookSignIn({ onSignedIn, verificationCallbackURL }: BookSignInProps) {
  return (
    <Stack gap="sm">
      <Text>Sign in or create an account to confirm. Your chosen time is kept while you do.</Text>
      <Tabs defaultValue="sign-in" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
          <Tabs.Tab value="create-account">Create account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sign-in">
          <SignInForm onSignedIn={onSignedIn} />
        </Tabs.Panel>
        <Tabs.Panel value="create-account">
          <SignUpForm onSignedIn={onSignedIn} verificationCallbackURL={verificationCallbackURL} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
