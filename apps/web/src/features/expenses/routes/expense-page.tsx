import type { ExpenseDetail } from '@app/shared';
import { Anchor, Badge, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { currencySymbol, formatDay, moneyFormatter } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import { expenseCategoriesQuery, expenseQuery, useDeleteExpense, useUpdateExpense } from '../api.ts';
import { ExpenseForm } from '../components/expense-form.tsx';
import { Receipts } from '../components/receipts.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function DeleteExpenseButton({ expense, money }: { expense: ExpenseDetail; money: (pence: number) => string }) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteExpense(expense.id);
  const navigate = useNavigate();
  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => setOpened(true)}>
        Delete expense
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Delete this expense?" centered>
        <Stack gap="sm">
          <Text size="sm">
            {expense.supplier}, {formatDay(expense.date)}, {money(expense.amountPence)}. It leaves the list and the
            accounts (a reversing entry is posted on its date); its receipts are kept.
          </Text>
          {remove.isError && (
            <Text size="sm" c="var(--app-danger-text)" role="alert">
              The expense was not deleted: {remove.error.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep expense
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => navigate('/expenses', { replace: true }),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
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

  if (detail.isPending) return <PageSkeleton label="Loading the expense" />;
  if (detail.isError)
    return (
      <Container py="xl">
        <Stack gap="sm" align="flex-start" role="alert">
          <Title order={1}>Expense</Title>
          <Text>
            {detail.error instanceof ApiError && detail.error.status === 404
              ? 'This expense does not exist (or was deleted).'
              : detail.error.message}
          </Text>
          <Anchor component={Link} to="/expenses">
            Back to expenses
          </Anchor>
        </Stack>
      </Container>
    );

  const expense = detail.data;
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Anchor component={Link} to="/expenses" size="sm" py={4} style={{ alignSelf: 'flex-start' }}>
          ← Expenses
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {expense.supplier}
          </Title>
          {expense.imported && (
            <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)">
              Imported
            </Badge>
          )}
        </Group>
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
          <Section id="receipts-heading" title="Receipts">
            <Receipts expenseId={expense.id} receipts={expense.receipts} />
          </Section>
          <Section id="details-heading" title="Details">
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
          </Section>
        </SimpleGrid>
        <Group>
          <DeleteExpenseButton expense={expense} money={money} />
        </Group>
      </Stack>
    </Container>
  );
}
