import type { CustomerRow, ListCustomersQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** The customers list: the customers page and the customer picker (the emails page) search it. */
export type CustomerList = { total: number; customers: CustomerRow[] };

export type CustomerListParams = Pick<ListCustomersQuery, 'sort' | 'order' | 'page' | 'pageSize'> & { q: string };

export const customersQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: ['customers', 'list', params],
    queryFn: () => {
      const query = new URLSearchParams({
        sort: params.sort,
        order: params.order,
        page: String(params.page),
        pageSize: String(params.pageSize),
      });
      if (params.q) query.set('q', params.q);
      return apiFetch<CustomerList>(`/admin/customers?${query}`);
    },
    // The next page or search replaces the rows in place instead of flashing a loader.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
