import { formatPhone, phoneField, updateProfileInput } from '@app/shared';
import { Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableDescription } from '../../../components/readable-styles.ts';
import { AuthFailure, authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useFormFields } from '../../../lib/form-fields.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useUpdateProfile } from '../api.ts';

/** The phone is optional on the account: an empty field removes it (the booking form still asks for one). */
const profileFormInput = updateProfileInput.extend({
  phone: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(phoneField.nullable()),
});
type ProfileFormValues = z.input<typeof profileFormInput>;

/** The server checks the phone again (the one field it validates on this call) and says what is wrong with it. */
function isPhoneRefusal(error: unknown): error is AuthFailure {
  return error instanceof AuthFailure && error.code === 'VALIDATION';
}

export function ProfileForm({ name, phone, onSaved }: { name: string; phone: string | null; onSaved?: () => void }) {
  const { values, setErrors, field, parse } = useFormFields<ProfileFormValues>({
    name,
    phone: phone ? formatPhone(phone) : '',
  });
  const updateProfile = useUpdateProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = parse(profileFormInput, { ...values, phone: values.phone.trim() });
    if (!input) return;
    updateProfile.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: 'Your details are saved.' });
        onSaved?.();
      },
      onError: (error) => {
        if (isPhoneRefusal(error)) setErrors({ phone: error.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Your details">
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="name" required {...field('name')} />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          {...field('phone')}
          description="So we can reach you about a booking. Leave it empty to remove it."
          styles={readableDescription}
        />
        <FailureAlert
          error={isPhoneRefusal(updateProfile.error) ? null : updateProfile.error}
          title="Could not save your details"
          message={authErrorMessage}
        />
        <Button type="submit" loading={updateProfile.isPending} style={{ alignSelf: 'flex-start' }}>
          Save details
        </Button>
      </Stack>
    </form>
  );
}
