import {
  type CreateExpenseInput,
  createExpenseInput,
  type ExpenseCategory,
  type ExpenseCategoryList,
  type ExpensePaymentMethod,
  expensePaymentMethodLabels,
  expensePaymentMethods,
  vatInGross,
} from '@app/shared';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { NoteField } from '../../../components/note-field.tsx';
import { readableDescription, readableErrors } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { penceToPounds, poundsToPence } from '../../../lib/money-input.ts';
import { addDays } from '../../../lib/zoned-time.ts';
import { ReceiptFileInput } from './receipts.tsx';

export type ExpenseFormValues = {
  date: string;
  supplier: string;
  categoryId: string;
  amountPence: number;
  vatPence: number;
  paymentMethod: ExpensePaymentMethod;
  notes: string;
};

/** Mantine's error red fails WCAG AA contrast on white; a darker red for messages and the fields in error. */

type Props = {
  categories: ExpenseCategory[];
  vat: ExpenseCategoryList['vat'];
  initial?: ExpenseFormValues;
  today: string;
  currencySymbol: string;
  submitLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: CreateExpenseInput, receipt: File | null) => void;
  onCancel?: () => void;
  /** Adding an expense takes its receipt at once (on a phone, straight from the camera). */
  withReceipt?: boolean;
};

type Field = 'date' | 'supplier' | 'categoryId' | 'amount' | 'vat' | 'paymentMethod' | 'notes';
const fieldOfPath: Record<string, Field> = { amountPence: 'amount', vatPence: 'vat' };

function suggestedVat(amount: string, vat: Props['vat']): string {
  const pence = poundsToPence(amount);
  if (!vat.registered || pence === null) return vat.registered ? '' : '0.00';
  return penceToPounds(vatInGross(pence, vat.rateBp));
}

/**
 * The expense form for adding and editing: amounts typed in pounds; VAT suggested at the business's rate
 * while the owner has not typed their own (a receipt may show less, or none).
 */
export function ExpenseForm(props: Props) {
  const { categories, vat, initial, today, currencySymbol } = props;
  const [date, setDate] = useState(initial?.date ?? today);
  const [supplier, setSupplier] = useState(initial?.supplier ?? '');
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? '');
  const [amount, setAmount] = useState(initial ? penceToPounds(initial.amountPence) : '');
  const [vatText, setVatText] = useState(initial ? penceToPounds(initial.vatPence) : vat.registered ? '' : '0.00');
  const [vatTyped, setVatTyped] = useState(initial !== undefined);
  const [paymentMethod, setPaymentMethod] = useState<ExpensePaymentMethod>(initial?.paymentMethod ?? 'card');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const choices = categories.filter((category) => category.active || category.id === initial?.categoryId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountPence = poundsToPence(amount);
    const vatPence = vatText.trim() === '' ? 0 : poundsToPence(vatText);
    const found: Partial<Record<Field, string>> = {};
    if (amountPence === null) found.amount = `Enter the amount paid in ${currencySymbol}, such as 12.50`;
    if (vatPence === null) found.vat = `Enter the VAT in ${currencySymbol}, such as 2.08 (0 if none)`;
    if (date > addDays(today, 1)) found.date = 'The date cannot be in the future';
    const parsed = createExpenseInput.safeParse({
      date,
      supplier,
      categoryId,
      amountPence: amountPence ?? 0,
      vatPence: vatPence ?? 0,
      paymentMethod,
      notes,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field = fieldOfPath[key] ?? (key as Field);
        if (!found[field]) found[field] = issue.message;
      }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    props.onSubmit(parsed.data, receipt);
  };

  const vatDescription = vat.registered
    ? `Suggested at ${vat.rateBp / 100} % of the amount; change it to what the receipt shows`
    : 'You are not VAT registered: the whole amount counts as the cost';

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit expense' : 'Add expense'} style={readableErrors}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField
            label="Date"
            type="date"
            required
            max={addDays(today, 1)}
            value={date}
            onChange={setDate}
            error={errors.date}
          />
          <TextField
            label="Supplier"
            required
            maxLength={200}
            value={supplier}
            onChange={setSupplier}
            error={errors.supplier}
          />
          <NativeSelect
            label="Category"
            required
            value={categoryId}
            onChange={(event) => setCategoryId(event.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a category', disabled: true },
              ...choices.map((category) => ({
                value: category.id,
                label: category.active ? category.name : `${category.name} (retired)`,
              })),
            ]}
            error={errors.categoryId}
          />
          <NativeSelect
            label="Paid by"
            value={paymentMethod}
            onChange={(event) => setPaymentMethod(event.currentTarget.value as ExpensePaymentMethod)}
            data={expensePaymentMethods.map((value) => ({ value, label: expensePaymentMethodLabels[value] }))}
            error={errors.paymentMethod}
          />
          <TextInput
            label={`Amount paid (${currencySymbol})`}
            description="VAT included"
            styles={readableDescription}
            required
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setAmount(next);
              if (!vatTyped) setVatText(suggestedVat(next, vat));
            }}
            error={errors.amount}
          />
          <TextInput
            label={`VAT (${currencySymbol})`}
            description={vatDescription}
            styles={readableDescription}
            inputMode="decimal"
            autoComplete="off"
            value={vatText}
            onChange={(event) => {
              setVatText(event.currentTarget.value);
              setVatTyped(true);
            }}
            error={errors.vat}
          />
        </SimpleGrid>
        <NoteField label="Notes" maxLength={2000} value={notes} onChange={setNotes} error={errors.notes} />
        {props.withReceipt && <ReceiptFileInput label="Receipt (optional)" onFile={setReceipt} />}
        {props.serverError && (
          <Text c="var(--app-danger-text)" size="sm" role="alert">
            {props.serverError}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
