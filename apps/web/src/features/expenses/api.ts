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
  UpdateExpenseCategoryInput,
  UpdateExpenseInput,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

export type ExpenseFilters = { from: string; to: string; categoryId: string; supplier: string; page: number };

export const EXPENSES_PAGE_SIZE = 50;

export const expensesQuery = (filters: ExpenseFilters) =>
  queryOptions({
    queryKey: ['expenses', 'list', filters],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(filters.page), pageSize: String(EXPENSES_PAGE_SIZE) });
      if (filters.from) query.set('from', filters.from);
      if (filters.to) query.set('to', filters.to);
      if (filters.categoryId) query.set('categoryId', filters.categoryId);
      if (filters.supplier) query.set('supplier', filters.supplier);
      return apiFetch<ExpenseList>(`/admin/expenses?${query}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const expenseQuery = (id: string) =>
  queryOptions({
    queryKey: ['expenses', 'one', id],
    queryFn: () => apiFetch<ExpenseDetail>(`/admin/expenses/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export const expenseCategoriesQuery = queryOptions({
  queryKey: ['expenses', 'categories'],
  queryFn: () => apiFetch<ExpenseCategoryList>('/admin/expenses/categories'),
  staleTime: 60_000,
});

/** Where the browser shows a receipt (inline for photos and PDFs) or downloads it. */
export function receiptUrl(fileId: string, download = false): string {
  return `/api/files/${encodeURIComponent(fileId)}/content${download ? '?download=1' : ''}`;
}

function useInvalidateExpenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['expenses'] });
}

export function useCreateExpense() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: (input: CreateExpenseInput) =>
      apiFetch<ExpenseDetail>('/admin/expenses', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useUpdateExpense(id: string) {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: (input: UpdateExpenseInput) =>
      apiFetch<ExpenseDetail>(`/admin/expenses/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteExpense(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ deleted: true }>(`/admin/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['expenses', 'one', id] });
      return queryClient.invalidateQueries({ queryKey: ['expenses', 'list'] });
    },
  });
}

export function useCreateExpenseCategory() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: (input: CreateExpenseCategoryInput) =>
      apiFetch<ExpenseCategory>('/admin/expenses/categories', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useUpdateExpenseCategory() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateExpenseCategoryInput & { id: string }) =>
      apiFetch<ExpenseCategory>(`/admin/expenses/categories/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSettled: invalidate,
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiFetch<ExpenseImportPreview>('/admin/expenses/import/preview', { method: 'POST', body: { csv } }),
  });
}

export function useImportExpenses() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: (input: ExpenseImportInput) =>
      apiFetch<ExpenseImportResult>('/admin/expenses/import', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

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

export function useUploadReceipt(expenseId: string) {
  const invalidate = useInvalidateExpenses();
  return useMutation({ mutationFn: (file: File) => uploadReceipt(expenseId, file), onSettled: invalidate });
}

export function useRemoveReceipt(expenseId: string) {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: (fileId: string) =>
      apiFetch<{ deleted: true }>(
        `/admin/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(fileId)}`,
        { method: 'DELETE' },
      ),
    onSettled: invalidate,
  });
}
