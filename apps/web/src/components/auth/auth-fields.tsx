import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';

/** An account's email address, marked up as browsers and password managers expect it. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password the person types: their current one, or with `isNew` one they choose (password managers offer one). */
export function PasswordField({ isNew = false, ...props }: PasswordInputProps & { isNew?: boolean }) {
  return (
    <PasswordInput label="Password" autoComplete={isNew ? 'new-password' : 'current-password'} required {...props} />
  );
}
