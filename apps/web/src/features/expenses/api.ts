import type {
  CreateExpenseCategoryInput,
  CreateExpenseInput,
  ExpenseCategory,
  ExpenseCategoryList,
  ExpenseDetail,
  ExpenseImportInput,
  ExpenseImportPreview,
  ExpenseImportResult,
  ExpenseList,
  ExpenseReceipt,
  MatchStatementResult,
  UpdateExpenseCategoryInput,
  UpdateExpenseInput,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { listQueryString, useRefreshingMutation, useRemovingMutation } from '../../lib/mutations.ts';

export type ExpenseFilters = { from: string; to: string; categoryId: string; supplier: string; page: number };

export const EXPENSES_PAGE_SIZE = 50;

export const expensesQuery = (filters: ExpenseFilters) =>
  queryOptions({
    queryKey: ['expenses', 'list', filters],
    queryFn: () => {
      const { page, from, to, categoryId, supplier } = filters;
      const query = listQueryString({ page, pageSize: EXPENSES_PAGE_SIZE, from, to, categoryId, supplier });
      return apiFetch<ExpenseList>(`/admin/expenses?${query}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const expenseQuery = (id: string) =>
  freshQuery<ExpenseDetail>(['expenses', 'one', id], `/admin/expenses/${encodeURIComponent(id)}`);

export const expenseCategoriesQuery = queryOptions({
  queryKey: ['expenses', 'categories'],
  queryFn: () => apiFetch<ExpenseCategoryList>('/admin/expenses/categories'),
  staleTime: 60_000,
});

/** Where the browser shows a receipt (inline for photos and PDFs) or downloads it. */
export function receiptUrl(fileId: string, download = false): string {
  return `/api/files/${encodeURIComponent(fileId)}/content${download ? '?download=1' : ''}`;
}

export const useCreateExpense = () =>
  useRefreshingMutation([['expenses']], (input: CreateExpenseInput) =>
    apiFetch<ExpenseDetail>('/admin/expenses', { method: 'POST', body: input }),
  );

export const useUpdateExpense = (id: string) =>
  useRefreshingMutation([['expenses']], (input: UpdateExpenseInput) =>
    apiFetch<ExpenseDetail>(`/admin/expenses/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );

export const useDeleteExpense = (id: string) =>
  useRemovingMutation(
    () => apiFetch<{ deleted: true }>(`/admin/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    () => ['expenses', 'one', id],
    ['expenses', 'list'],
  );

export const useCreateExpenseCategory = () =>
  useRefreshingMutation([['expenses']], (input: CreateExpenseCategoryInput) =>
    apiFetch<ExpenseCategory>('/admin/expenses/categories', { method: 'POST', body: input }),
  );

export const useUpdateExpenseCategory = () =>
  useRefreshingMutation([['expenses']], ({ id, ...input }: UpdateExpenseCategoryInput & { id: string }) =>
    apiFetch<ExpenseCategory>(`/admin/expenses/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );

/** Only reads the statement: nothing to refresh. */
export const usePreviewImport = () =>
  useRefreshingMutation([], (csv: string) =>
    apiFetch<ExpenseImportPreview>('/admin/expenses/import/preview', { method: 'POST', body: { csv } }),
  );

/**
 * The same statement's money in settles deposits by bank transfer it names by reference and amount (decision 066):
 * matching is the server's, once per deposit, whatever the expenses chosen.
 */
export const useMatchBankDeposits = () =>
  useRefreshingMutation([['business', 'bank-transfers'], ['admin-bookings']], (csv: string) =>
    apiFetch<MatchStatementResult>('/admin/bank-transfers/match', { method: 'POST', body: { csv } }),
  );

export const useImportExpenses = () =>
  useRefreshingMutation([['expenses']], (input: ExpenseImportInput) =>
    apiFetch<ExpenseImportResult>('/admin/expenses/import', { method: 'POST', body: input }),
  );

/** Multipart, so not through apiFetch's JSON body; the errors read the same. */
export async function uploadReceipt(expenseId: string, file: File): Promise<ExpenseReceipt> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/admin/expenses/${encodeURIComponent(expenseId)}/receipts`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch (cause) {
    throw new ApiError('NETWORK', 0, cause instanceof Error ? cause.message : 'The upload failed.');
  }
  const body = (await response.json().catch(() => null)) as
    | ExpenseReceipt
    | { error?: { code: string; message: string } }
    | null;
  if (!response.ok) {
    const error = body && 'error' in body ? body.error : undefined;
    throw new ApiError(
      error?.code ?? 'HTTP_ERROR',
      response.status,
      error?.message ?? (response.status === 413 ? 'The file is too large.' : 'The upload failed.'),
    );
  }
  return body as ExpenseReceipt;
}

export const useUploadReceipt = (expenseId: string) =>
  useRefreshingMutation([['expenses']], (file: File) => uploadReceipt(expenseId, file));

export const useRemoveReceipt = (expenseId: string) =>
  useRefreshingMutation([['expenses']], (fileId: string) =>
    apiFetch<{ deleted: true }>(
      `/admin/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(fileId)}`,
      { method: 'DELETE' },
    ),
  );
