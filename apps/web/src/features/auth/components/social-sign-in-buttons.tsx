import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { useSocialSignIn } from '../api.ts';

/** One button per provider the server has keys for; none when nothing is configured. */
export function SocialSignInButtons() {
  const providers = useQuery(publicConfigQuery).data?.socialProviders ?? [];
  const socialSignIn = useSocialSignIn();
  if (providers.length === 0) return null;

  return (
    <Stack gap="xs">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          loading={socialSignIn.isPending && socialSignIn.variables === provider.id}
          disabled={socialSignIn.isPending && socialSignIn.variables !== provider.id}
          onClick={() => socialSignIn.mutate(provider.id)}
        >
          Continue with {provider.name}
        </Button>
      ))}
      <FailureAlert error={socialSignIn.error} message={authErrorMessage} />
    </Stack>
  );
}
