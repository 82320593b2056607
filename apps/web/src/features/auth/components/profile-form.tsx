import { phoneField, updateProfileInput } from '@app/shared';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { AuthFailure, authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useUpdateProfile } from '../api.ts';

/** The phone is optional on the account: an empty field removes it (the booking form still asks for one). */
const profileFormInput = updateProfileInput.extend({
  phone: z.union([z.literal('').transform(() => null), phoneField]),
});
type ProfileFormValues = z.input<typeof profileFormInput>;

/** The server checks the phone again (the one field it validates on this call) and says what is wrong with it. */
function isPhoneRefusal(error: unknown): error is AuthFailure {
  return error instanceof AuthFailure && error.code === 'VALIDATION';
}

export function ProfileForm({ name, phone, onSaved }: { name: string; phone: string | null; onSaved?: () => void }) {
  const [values, setValues] = useState<ProfileFormValues>({ name, phone: phone ?? '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFormValues, string>>>({});
  const updateProfile = useUpdateProfile();

  const change = (field: keyof ProfileFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileFormInput.safeParse({ ...values, phone: values.phone.trim() });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    updateProfile.mutate(parsed.data, {
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
        <TextInput
          label="Name"
          autoComplete="name"
          required
          value={values.name}
          onChange={change('name')}
          error={errors.name}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={change('phone')}
          error={errors.phone}
          description="So we can reach you about a booking. Leave it empty to remove it."
          styles={{ description: { color: 'var(--app-muted)' } }}
        />
        {updateProfile.isError && !isPhoneRefusal(updateProfile.error) && (
          <Alert color="red" role="alert" title="Could not save your details">
            {authErrorMessage(updateProfile.error)}
          </Alert>
        )}
        <Button type="submit" loading={updateProfile.isPending} style={{ alignSelf: 'flex-start' }}>
          Save details
        </Button>
      </Stack>
    </form>
  );
}
