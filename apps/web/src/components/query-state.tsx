import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { LoadFailed } from './page-skeleton.tsx';

/**
 * The part of a screen that waits for one query: `loading` (a skeleton of its layout) while the data comes; when it
 * did not, what is missing and a retry, either as a red box titled `failedTitle` or, for a list, LoadFailed's quieter
 * line about `what`; then `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  failedTitle,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  children: (data: T) => ReactNode;
} & ({ failedTitle: string; what?: never } | { what: string; failedTitle?: never })) {
  if (query.isPending) return loading;
  if (query.isError) {
    const retry = () => query.refetch();
    return failedTitle !== undefined ? (
      <LoadError title={failedTitle} error={query.error} onRetry={retry} />
    ) : (
      <LoadFailed what={what} error={query.error} onRetry={retry} />
    );
  }
  return children(query.data);
}
