import type { PasswordPolicy } from '@app/shared';
import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { PasswordRules } from './password-rules.tsx';

type Field = 'name' | 'email' | 'password';

/** Name, email and a new password with its live rules: a client's sign-up and the owner's first-run setup. */
export function NewAccountFields({
  field,
  policy,
  nameLabel = 'Name',
}: {
  /** Each field's value, change handler and error (useFormFields' `field`). */
  field: (name: Field) => { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string };
  policy: PasswordPolicy;
  nameLabel?: string;
}) {
  const password = field('password');
  return (
    <>
      <TextInput label={nameLabel} autoComplete="name" required {...field('name')} />
      <EmailField {...field('email')} />
      <PasswordField isNew {...password} />
      <PasswordRules policy={policy} password={password.value} />
    </>
  );
}
