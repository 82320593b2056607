import { useNavigate } from 'react-router';
import { refetchSession } from '../../lib/session.ts';

/** Signs out (the auth client loads only for this; public pages read the session without it) and goes home. */
export function useSignOut(before?: () => void) {
  const navigate = useNavigate();
  return async () => {
    before?.();
    try {
      const { authClient } = await import('../../lib/auth-client.ts');
      await authClient.signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    await refetchSession();
    navigate('/', { replace: true });
  };
}
