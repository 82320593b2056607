import { Tabs } from '@mantine/core';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type SignInMode = 'sign-in' | 'create-account';

/**
 * 'Sign in' and 'Create account' as two tabs, each form mounted only while shown. Controlled through `mode` when the
 * page's title follows the tab; otherwise it opens on 'Sign in'.
 */
export function SignInTabs({
  onSignedIn,
  verificationCallbackURL,
  mode,
  onModeChange,
}: {
  onSignedIn: () => void;
  verificationCallbackURL?: string;
  mode?: SignInMode;
  onModeChange?: (mode: SignInMode) => void;
}) {
  return (
    <Tabs
      keepMounted={false}
      {...(mode === undefined ? { defaultValue: 'sign-in' } : { value: mode })}
      onChange={(value) => onModeChange?.(value === 'create-account' ? value : 'sign-in')}
    >
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
  );
}
