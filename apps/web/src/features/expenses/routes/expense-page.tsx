import type { ExpenseDetail } from '@app/shared';
import { Badge, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmedDeleteButton, DetailPage, PageSection } from '../../../components/detail-page.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { currencySymbol, formatDay, moneyFormatter } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import { expenseCategoriesQuery, expenseQuery, useDeleteExpense, useUpdateExpense } from '../api.ts';
import { ExpenseForm } from '../components/expense-form.tsx';
import { Receipts } from '../components/receipts.tsx';

function DeleteExpenseButton({ expense, money }: { expense: ExpenseDetail; money: (pence: number) => string }) {
  const remove = useDeleteExpense(expense.id);
  const navigate = useNavigate();
  return (
    <ConfirmedDeleteButton
      label="Delete expense"
      color="red.9"
      question="Delete this expense?"
      keepLabel="Keep expense"
      confirmLabel="Delete"
      failed="The expense was not deleted"
      mutation={remove}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/expenses', { replace: true }) })}
    >
      <Text size="sm">
        {expense.supplier}, {formatDay(expense.date)}, {money(expense.amountPence)}. It leaves the list and the accounts
        (a reversing entry is posted on its date); its receipts are kept.
      </Text>
    </ConfirmedDeleteButton>
  );
}

/** /expenses/:expenseId — one expense: its details to edit, its receipts, and deletion. */
export function ExpensePage() {
  const { expenseId = '' } = useParams();
  const location = useLocation();
  const state = location.state as { created?: boolean; receiptError?: string } | null;
  const detail = useQuery(expenseQuery(expenseId));
  const categories = useQuery(expenseCategoriesQuery);
  const update = useUpdateExpense(expenseId);
  const [saved, setSaved] = useState(false);
  const { data: config } = usePublicConfig();
  const locale = config?.locale ?? 'en-GB';
  const currency = config?.currency ?? 'GBP';
  const money = moneyFormatter(locale, currency);
  usePageTitle(detail.data ? `Expense: ${detail.data.supplier}` : 'Expense');

  return (
    <DetailPage
      query={detail}
      noun="Expense"
      missing="This expense does not exist (or was deleted)."
      list={{ to: '/expenses', name: 'Expenses' }}
      title={(expense) => expense.supplier}
      badge={(expense) =>
        expense.imported && (
          <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)">
            Imported
          </Badge>
        )
      }
    >
      {(expense) => (
        <>
          <Text>
            {formatDay(expense.date)} · {expense.categoryName} · {money(expense.amountPence)}
            {expense.vatPence > 0 && ` (VAT ${money(expense.vatPence)})`}
          </Text>
          {state?.created && (
            <Text role="status" fw={600}>
              Expense saved.
            </Text>
          )}
          {state?.receiptError && (
            <Text role="alert" c="var(--app-danger-text)">
              The receipt was not added: {state.receiptError}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <PageSection id="receipts-heading" title="Receipts">
              <Receipts expenseId={expense.id} receipts={expense.receipts} />
            </PageSection>
            <PageSection id="details-heading" title="Details">
              {categories.data ? (
                <ExpenseForm
                  key={expense.updatedAt}
                  categories={categories.data.categories}
                  vat={categories.data.vat}
                  initial={expense}
                  today={todayIn(config?.timeZone ?? 'Europe/London')}
                  currencySymbol={currencySymbol(locale, currency)}
                  submitLabel="Save changes"
                  pending={update.isPending}
                  serverError={update.isError ? `The changes were not saved: ${update.error.message}` : null}
                  onSubmit={(values) => {
                    setSaved(false);
                    update.mutate({ ...values, updatedAt: expense.updatedAt }, { onSuccess: () => setSaved(true) });
                  }}
                />
              ) : categories.isError ? (
                <Text role="alert">The categories could not be loaded: {categories.error.message}</Text>
              ) : (
                <Loader aria-label="Loading categories" />
              )}
              {saved && (
                <Text size="sm" role="status" mt="xs">
                  Changes saved.
                </Text>
              )}
            </PageSection>
          </SimpleGrid>
          <Group>
            <DeleteExpenseButton expense={expense} money={money} />
          </Group>
        </>
      )}
    </DetailPage>
  );
}
