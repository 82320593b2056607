import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { secondFactorErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { Link } from '../../../lib/links.tsx';
import { refetchSession } from '../../../lib/session.ts';
import { useNewRecoveryCodes, useTurnOffSecondFactor } from '../api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

type Action = 'codes' | 'off' | null;

/** The account page's second factor: set it up, make new recovery codes, or (not for the owner) turn it off. */
export function SecondFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const [action, setAction] = useState<Action>(null);
  const password = useTextField();
  const newCodes = useNewRecoveryCodes();
  const turnOff = useTurnOffSecondFactor();
  const businessName = useQuery(publicConfigQuery).data?.businessName ?? 'our';

  if (!enabled)
    return (
      <Stack gap="sm">
        <Text size="sm">
          {required
            ? 'Required for the back office: a code from an authenticator app on your phone, as well as your password.'
            : 'Add a code from an authenticator app on your phone to your password, so a stolen password is not enough to sign in.'}
        </Text>
        <Group>
          <Button component={Link} to="/second-factor">
            Set up an authenticator app
          </Button>
        </Group>
      </Stack>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.value) return password.setError('Enter your password.');
    if (action === 'codes') newCodes.mutate(password.value, { onSuccess: () => password.setValue('') });
    if (action === 'off')
      turnOff.mutate(password.value, {
        onSuccess: async () => {
          setAction(null);
          password.setValue('');
          await refetchSession();
        },
      });
  };

  const error = action === 'codes' ? newCodes.error : turnOff.error;

  return (
    <Stack gap="sm">
      <Text size="sm">Signing in asks for a code from your authenticator app (or one of your recovery codes).</Text>
      {newCodes.data ? (
        <RecoveryCodes codes={newCodes.data} businessName={businessName} />
      ) : action ? (
        <form onSubmit={submit} noValidate aria-label={action === 'codes' ? 'New recovery codes' : 'Turn off'}>
          <Stack gap="sm">
            <Text size="sm">
              {action === 'codes'
                ? 'New codes replace the old ones, which stop working.'
                : 'Signing in will then ask for your password only.'}
            </Text>
            <PasswordInput label="Your password" autoComplete="current-password" {...password.props} />
            <FailureAlert error={error} message={secondFactorErrorMessage} />
            <Group>
              <Button
                type="submit"
                color={action === 'off' ? 'red' : undefined}
                loading={newCodes.isPending || turnOff.isPending}
              >
                {action === 'codes' ? 'Make new recovery codes' : 'Turn off the second factor'}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setAction(null)}>
                Cancel
              </Anchor>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button variant="default" onClick={() => setAction('codes')}>
            New recovery codes
          </Button>
          {!required && (
            <Button variant="default" color="red" onClick={() => setAction('off')}>
              Turn off
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
