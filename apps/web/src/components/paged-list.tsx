import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListCount } from './list-header.tsx';
import { ListPagination } from './list-pagination.tsx';
import { SkeletonRows } from './page-skeleton.tsx';
import { QueryState } from './query-state.tsx';

/**
 * One page of a long list read by `query`: skeleton rows while it loads (`loadingLabel`), `failedTitle` and a retry
 * when it did not; then how many there are ('3 invoices', or `empty`), the rows (`children`, only when there are any)
 * and the page buttons.
 */
export function PagedList<T extends { total: number }>({
  query,
  loadingLabel,
  failedTitle,
  one,
  many,
  empty,
  page,
  pageSize,
  onPageChange,
  wide,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  failedTitle: string;
  one: string;
  many: string;
  empty: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  wide: boolean;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState query={query} loading={<SkeletonRows label={loadingLabel} />} failedTitle={failedTitle}>
      {(data) => (
        <>
          <ListCount total={data.total} one={one} many={many} empty={empty} />
          {data.total > 0 && children(data)}
          <ListPagination total={data.total} pageSize={pageSize} page={page} onChange={onPageChange} wide={wide} />
        </>
      )}
    </QueryState>
  );
}
