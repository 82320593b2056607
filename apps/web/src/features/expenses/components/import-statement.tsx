import {
  EXPENSE_IMPORT_MAX_CSV_CHARS,
  type ExpenseCategory,
  type ExpenseImportCandidate,
  type ExpenseImportResult,
  type ExpensePaymentMethod,
  expensePaymentMethodLabels,
  expensePaymentMethods,
} from '@app/shared';
import { Badge, Button, Checkbox, Group, List, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { formatDay } from '../../../lib/format.ts';
import { useImportExpenses, useMatchBankDeposits, usePreviewImport } from '../api.ts';
import type { Money } from './expense-list.tsx';

type Props = { categories: ExpenseCategory[]; money: Money; onDone: (result: ExpenseImportResult) => void };

type Choice = { include: boolean; categoryId: string };

const duplicateLabels: Record<NonNullable<ExpenseImportCandidate['duplicateReason']>, string> = {
  imported: 'Imported before',
  same_expense: 'Already recorded',
};

/**
 * A bank statement CSV becomes expenses in two steps: the server reads it and proposes its money-out
 * lines (those already recorded unticked), then the owner picks lines and categories and imports them.
 */
export function ImportStatement({ categories, money, onDone }: Props) {
  const inputId = useId();
  const preview = usePreviewImport();
  const importer = useImportExpenses();
  const matcher = useMatchBankDeposits();
  const [fileError, setFileError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [paymentMethod, setPaymentMethod] = useState<ExpensePaymentMethod>('bank_transfer');
  const active = categories.filter((category) => category.active);

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    preview.reset();
    importer.reset();
    if (!file) return;
    if (file.size > EXPENSE_IMPORT_MAX_CSV_CHARS * 2) {
      setFileError('This file is too large: export a shorter period (1 MB at most).');
      return;
    }
    const text = await file.text();
    matcher.reset();
    matcher.mutate(text);
    preview.mutate(text, {
      onSuccess: (result) =>
        setChoices(
          Object.fromEntries(
            result.candidates.map((candidate) => [
              candidate.importKey,
              { include: !candidate.duplicate, categoryId: candidate.suggestedCategoryId },
            ]),
          ),
        ),
    });
  };

  const candidates = preview.data?.candidates ?? [];
  const chosen = candidates.filter((candidate) => choices[candidate.importKey]?.include);
  const setChoice = (key: string, change: Partial<Choice>) =>
    setChoices((current) => {
      const previous = current[key] ?? { include: false, categoryId: '' };
      return { ...current, [key]: { ...previous, ...change } };
    });
  const setAll = (include: boolean) =>
    setChoices((current) =>
      Object.fromEntries(Object.entries(current).map(([key, choice]) => [key, { ...choice, include }])),
    );

  const submit = () =>
    importer.mutate(
      {
        rows: chosen.map((candidate) => ({
          date: candidate.date,
          supplier: candidate.supplier,
          amountPence: candidate.amountPence,
          vatPence: 0,
          categoryId: choices[candidate.importKey]?.categoryId ?? candidate.suggestedCategoryId,
          paymentMethod,
          importKey: candidate.importKey,
        })),
      },
      { onSuccess: onDone },
    );

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text component="label" htmlFor={inputId} fw={500} size="sm">
          Bank statement (CSV file)
        </Text>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/comma-separated-values,application/vnd.ms-excel"
          onChange={(event) => readFile(event.currentTarget.files?.[0])}
        />
        <Text size="sm" c="var(--app-muted)">
          Export it from your bank’s website. Payments out become expenses; money in is left out.
        </Text>
      </Stack>
      {preview.isPending && <Text role="status">Reading the statement…</Text>}
      {matcher.data && matcher.data.matched.length > 0 && (
        <Text size="sm" role="status">
          Deposits by bank transfer received: {matcher.data.matched.map((m) => m.reference).join(', ')}. Their bookings
          go ahead and the clients are emailed.
        </Text>
      )}
      {(fileError || preview.isError) && (
        <Text c="var(--app-danger-text)" size="sm" role="alert">
          {fileError ?? preview.error?.message}
        </Text>
      )}
      {preview.data && (
        <>
          <Text size="sm" role="status">
            Read as {preview.data.format}: {candidates.length} {candidates.length === 1 ? 'payment' : 'payments'} out
            {preview.data.moneyInLines > 0 && `, ${preview.data.moneyInLines} money-in lines left out`}
            {candidates.some((c) => c.duplicate) &&
              `, ${candidates.filter((c) => c.duplicate).length} already recorded (unticked)`}
            .
          </Text>
          {preview.data.unreadable.length > 0 && (
            <div>
              <Text size="sm">These lines could not be read and are left out:</Text>
              <List size="sm">
                {preview.data.unreadable.slice(0, 20).map((line) => (
                  <List.Item key={line.line}>
                    Line {line.line}: {line.reason}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          {candidates.length > 0 && (
            <>
              <Group gap="sm" align="flex-end">
                <NativeSelect
                  label="Paid from"
                  value={paymentMethod}
                  onChange={(event) => setPaymentMethod(event.currentTarget.value as ExpensePaymentMethod)}
                  data={expensePaymentMethods.map((value) => ({ value, label: expensePaymentMethodLabels[value] }))}
                />
                <Button variant="default" size="sm" onClick={() => setAll(true)}>
                  Tick all
                </Button>
                <Button variant="default" size="sm" onClick={() => setAll(false)}>
                  Untick all
                </Button>
              </Group>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Statement lines">
                {candidates.map((candidate) => {
                  const choice = choices[candidate.importKey];
                  const name = `${candidate.supplier}, ${formatDay(candidate.date)}, ${money(candidate.amountPence)}`;
                  return (
                    <Paper
                      key={candidate.importKey}
                      component="li"
                      withBorder
                      p="xs"
                      data-testid="import-line"
                      data-duplicate={candidate.duplicate}
                    >
                      <Group gap="sm" wrap="wrap" align="center" justify="space-between">
                        <Checkbox
                          checked={choice?.include ?? false}
                          onChange={(event) => setChoice(candidate.importKey, { include: event.currentTarget.checked })}
                          label={
                            <span>
                              <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                                {candidate.supplier}
                              </Text>{' '}
                              <Text span size="sm">
                                {formatDay(candidate.date)} · {money(candidate.amountPence)}
                              </Text>
                            </span>
                          }
                          style={{ flex: '1 1 14rem' }}
                        />
                        {candidate.duplicateReason && (
                          <Badge color="red.9" variant="filled" radius="sm">
                            {duplicateLabels[candidate.duplicateReason]}
                          </Badge>
                        )}
                        <NativeSelect
                          aria-label={`Category for ${name}`}
                          value={choice?.categoryId ?? candidate.suggestedCategoryId}
                          onChange={(event) =>
                            setChoice(candidate.importKey, { categoryId: event.currentTarget.value })
                          }
                          data={active.map((category) => ({ value: category.id, label: category.name }))}
                          size="xs"
                          style={{ flex: '0 1 12rem' }}
                        />
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
              {importer.isError && (
                <Text c="var(--app-danger-text)" size="sm" role="alert">
                  Nothing was imported: {importer.error.message}
                </Text>
              )}
              <Group>
                <Button onClick={submit} loading={importer.isPending} disabled={chosen.length === 0}>
                  Import {chosen.length} {chosen.length === 1 ? 'expense' : 'expenses'}
                </Button>
              </Group>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
