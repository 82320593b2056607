import type { PasswordPolicy } from '@app/shared';
import { PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { PasswordRules } from './password-rules.tsx';

type Field = 'name' | 'email' | 'password';

/** Name, email and a new password with its live rules: a client's sign-up and the owner's first-run setup. */
export function NewAccountFields({
  values,
  errors,
  onChange,
  policy,
  nameLabel = 'Name',
}: {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  onChange: (field: Field) => (event: ChangeEvent<HTMLInputElement>) => void;
  policy: PasswordPolicy;
  nameLabel?: string;
}) {
  return (
    <>
      <TextInput
        label={nameLabel}
        autoComplete="name"
        required
        value={values.name}
        onChange={onChange('name')}
        error={errors.name}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={onChange('email')}
        error={errors.email}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
      />
      <PasswordRules policy={policy} password={values.password} />
    </>
  );
}
