import { Stack, Text } from '@mantine/core';
import { SignInTabs } from '../../../components/auth/sign-in-tabs.tsx';

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
      <SignInTabs onSignedIn={onSignedIn} verificationCallbackURL={verificationCallbackURL} />
    </Stack>
  );
}
