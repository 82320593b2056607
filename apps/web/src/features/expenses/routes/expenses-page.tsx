import type { CreateExpenseInput, ExpenseImportResult } from '@app/shared';
import { Button, Group, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ListCount } from '../../../components/list-header.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { type AddressChanges, pageOf, useAddressFilters, useAddressSearch } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { currencySymbol, moneyFormatter } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import {
  EXPENSES_PAGE_SIZE,
  type ExpenseFilters,
  expenseCategoriesQuery,
  expensesQuery,
  uploadReceipt,
  useCreateExpense,
} from '../api.ts';
import { CategoryManager } from '../components/category-manager.tsx';
import { ExpenseForm } from '../components/expense-form.tsx';
import {
  ExpenseCards,
  ExpenseCategorySummary,
  ExpenseTable,
  ExpenseTotalsSummary,
} from '../components/expense-list.tsx';
import { ImportStatement } from '../components/import-statement.tsx';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(params: URLSearchParams): ExpenseFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isoDate.test(value) ? value : '';
  };
  return {
    from: date('from'),
    to: date('to'),
    categoryId: params.get('category') ?? '',
    supplier: params.get('supplier') ?? '',
    page: pageOf(params),
  };
}

type Dialog = 'add' | 'import' | 'categories' | null;

/** /expenses — what the business spent: filters in the address, totals, the list, and the ways to add more. */
export function ExpensesPage() {
  usePageTitle('Expenses');
  const { params, update: updateAddress, setPage } = useAddressFilters();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const { data: config } = usePublicConfig();
  const locale = config?.locale ?? 'en-GB';
  const currency = config?.currency ?? 'GBP';
  const money = moneyFormatter(locale, currency);
  const today = todayIn(config?.timeZone ?? 'Europe/London');
  const [dialog, setDialog] = useState<Dialog>(null);
  /** One dialog open at a time: `name`'s, while the page's `dialog` names it. */
  const dialogOf = (name: NonNullable<Dialog>): DialogProps => ({
    opened: dialog === name,
    onClose: () => setDialog(null),
    fullScreen: !wide,
  });
  const [notice, setNotice] = useState<string | null>(null);

  const list = useQuery(expensesQuery(filters));
  const categories = useQuery(expenseCategoriesQuery);
  const create = useCreateExpense();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  /** Saves the expense, then its receipt if one was chosen, then opens the expense. */
  const addExpense = async (values: CreateExpenseInput, receipt: File | null) => {
    setSaving(true);
    try {
      const expense = await create.mutateAsync(values);
      let receiptError: string | undefined;
      if (receipt)
        await uploadReceipt(expense.id, receipt).catch((cause: Error) => {
          receiptError = cause.message;
        });
      await queryClient.invalidateQueries({ queryKey: ['expenses'] });
      navigate(`/expenses/${encodeURIComponent(expense.id)}`, { state: { created: true, receiptError } });
    } catch {
      // The form shows the mutation's error.
    } finally {
      setSaving(false);
    }
  };

  /** A new filter shows its first page. */
  const update = (changes: AddressChanges) => updateAddress({ ...changes, page: null });
  const [supplierText, setSupplierText] = useAddressSearch('supplier', update, params);

  const imported = (result: ExpenseImportResult) => {
    setDialog(null);
    setNotice(
      `Imported ${result.created} ${result.created === 1 ? 'expense' : 'expenses'}` +
        (result.skippedDuplicates ? `; ${result.skippedDuplicates} already recorded were skipped.` : '.'),
    );
  };

  const total = list.data?.total ?? 0;
  const filtered = Boolean(filters.from || filters.to || filters.categoryId || filters.supplier);
  const categoryList = categories.data?.categories ?? [];

  return (
    <BackOfficePage
      title="Expenses"
      actions={
        <Group gap="xs">
          <Button onClick={() => setDialog('add')} disabled={!categories.data}>
            Add expense
          </Button>
          <Button variant="default" onClick={() => setDialog('import')} disabled={!categories.data}>
            Import bank statement
          </Button>
          <Button variant="default" onClick={() => setDialog('categories')} disabled={!categories.data}>
            Categories
          </Button>
        </Group>
      }
    >
      {notice && (
        <Text role="status" fw={600}>
          {notice}
        </Text>
      )}

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput
            label="From"
            type="date"
            value={filters.from}
            onChange={(event) => update({ from: event.currentTarget.value })}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to}
            onChange={(event) => update({ to: event.currentTarget.value })}
          />
          <FilterSelect
            label="Category"
            all="All categories"
            value={filters.categoryId}
            options={categoryList.map((category) => ({ value: category.id, label: category.name }))}
            onChange={(value) => update({ category: value })}
          />
          <TextField label="Supplier" type="search" value={supplierText} onChange={setSupplierText} />
        </SimpleGrid>
        {filtered && (
          <Button
            variant="subtle"
            size="xs"
            mt="xs"
            onClick={() => update({ from: null, to: null, category: null, supplier: null })}
          >
            Clear filters
          </Button>
        )}
      </Paper>

      <QueryState query={list} loading={<SkeletonRows label="Loading expenses" />} what="The expenses">
        {(data) => (
          <>
            <ExpenseTotalsSummary totals={data.totals} money={money} />
            <ListCount
              total={total}
              one="expense"
              many="expenses"
              count={(n) => n.toLocaleString(locale)}
              empty={filtered ? 'No expense matches these filters.' : 'No expenses yet.'}
            />
            {total > 0 && (
              <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
                <div style={{ gridColumn: wide ? 'span 2' : undefined, minWidth: 0 }}>
                  {wide ? (
                    <ExpenseTable expenses={data.expenses} money={money} />
                  ) : (
                    <ExpenseCards expenses={data.expenses} money={money} />
                  )}
                </div>
                <Paper withBorder p="sm" component="section" aria-labelledby="by-category-heading">
                  <Title order={2} size="h4" id="by-category-heading" mb="xs">
                    By category
                  </Title>
                  <ExpenseCategorySummary byCategory={data.byCategory} money={money} />
                </Paper>
              </SimpleGrid>
            )}
            <ListPagination
              total={total}
              pageSize={EXPENSES_PAGE_SIZE}
              page={filters.page}
              onChange={setPage}
              wide={wide}
            />
          </>
        )}
      </QueryState>

      <AppModal {...dialogOf('add')} title="Add expense" size="lg">
        {categories.data && (
          <ExpenseForm
            categories={categories.data.categories}
            vat={categories.data.vat}
            today={today}
            currencySymbol={currencySymbol(locale, currency)}
            submitLabel="Save expense"
            withReceipt
            pending={saving}
            serverError={create.isError ? `The expense was not saved: ${create.error.message}` : null}
            onSubmit={addExpense}
            onCancel={() => setDialog(null)}
          />
        )}
      </AppModal>
      <AppModal {...dialogOf('import')} title="Import bank statement" size="xl">
        <ImportStatement categories={categoryList} money={money} onDone={imported} />
      </AppModal>
      <AppModal {...dialogOf('categories')} title="Expense categories" size="lg">
        <CategoryManager categories={categoryList} />
      </AppModal>
    </BackOfficePage>
  );
}
