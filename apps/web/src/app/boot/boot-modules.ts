import type { PublicConfig } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';

export type BootContext = {
  queryClient: QueryClient;
  /** The public configuration, or null when the API could not be reached (logged; the product carries on). */
  config: PublicConfig | null;
  /** Ask for a navigation instead of mounting; later modules do not run. */
  redirect: (url: string) => void;
};

export type BootModule = { name: string; run: (context: BootContext) => void | Promise<void> };

export type BootOutcome = { kind: 'mount' } | { kind: 'redirect'; url: string } | { kind: 'failed'; error: unknown };

/** Start-up step 4-5: the modules run one after another, in order; the first redirect or failure stops them. */
export async function runBootModules(
  modules: readonly BootModule[],
  context: Omit<BootContext, 'redirect'>,
): Promise<BootOutcome> {
  let redirectTo: string | null = null;
  const withRedirect: BootContext = {
    ...context,
    redirect: (url) => {
      redirectTo ??= url;
    },
  };
  for (const module of modules) {
    try {
      await module.run(withRedirect);
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (redirectTo !== null) return { kind: 'redirect', url: redirectTo };
  }
  return { kind: 'mount' };
}
