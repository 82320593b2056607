import { createInvoiceInput, type InvoiceDetail, invoiceTotals } from '@app/shared';
import { Alert, Button, Fieldset, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableErrors, readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useFormValues } from '../../../lib/form-fields.ts';
import { formatMoney } from '../../../lib/format.ts';
import { penceOf } from '../../../lib/money-input.ts';
import { useCreateInvoice, useUpdateInvoice } from '../api.ts';
import { TotalsRow } from './totals-row.tsx';

type LineState = {
  key: number;
  description: string;
  quantity: number | string;
  unitPounds: number | string;
  vatPercent: number | string;
  style?: 'therapeutic' | 'sensual' | null;
  serviceType?: string | null;
};

let nextKey = 1;
const blankLine = (vatPercent: number): LineState => ({
  key: nextKey++,
  description: '',
  quantity: 1,
  unitPounds: '',
  vatPercent,
});

type EditorProps = {
  opened: boolean;
  onClose: () => void;
  /** A draft to edit; absent for a new invoice. */
  invoice?: InvoiceDetail;
  vatRegistered: boolean;
  vatRatePercent: number;
  onSaved: (invoice: InvoiceDetail) => void;
  fullScreen: boolean;
};

/** A new invoice typed by hand, or a draft's edit: bill-to, lines with a VAT rate each, totals as you type. */
export function InvoiceEditor(props: EditorProps) {
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.invoice ? 'Edit draft invoice' : 'New invoice'}
      size="xl"
      fullScreen={props.fullScreen}
    >
      {props.opened && <EditorForm key={props.invoice?.id ?? 'new'} {...props} />}
    </AppModal>
  );
}

function EditorForm({ invoice, vatRegistered, vatRatePercent, onSaved }: EditorProps) {
  const defaultRate = vatRegistered ? vatRatePercent : 0;
  const { values, errors, setErrors, set, bind } = useFormValues(() => ({
    billToName: invoice?.billToName ?? '',
    billToEmail: invoice?.billToEmail ?? '',
    billToAddress: invoice?.billToAddress ?? '',
    notes: invoice?.notes ?? '',
  }));
  const [lines, setLines] = useState<LineState[]>(
    invoice?.lines.map((line) => ({
      key: nextKey++,
      description: line.description,
      quantity: line.quantity,
      unitPounds: line.unitPricePence / 100,
      vatPercent: line.vatRateBp / 100,
      style: line.style,
      serviceType: line.serviceType,
    })) ?? [blankLine(defaultRate)],
  );
  const create = useCreateInvoice();
  const update = useUpdateInvoice(invoice?.id ?? '');
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const typedLines = lines.map((line) => ({
    description: line.description,
    quantity: Number(line.quantity) || 0,
    unitPricePence: penceOf(line.unitPounds) ?? 0,
    vatRateBp: Math.round((Number(line.vatPercent) || 0) * 100),
    style: line.style,
    serviceType: line.serviceType,
  }));
  const totals = invoiceTotals(typedLines);

  const change = (key: number, patch: Partial<LineState>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const save = () => {
    const body = {
      ...values,
      lines: lines.map((line, index) => ({
        description: line.description,
        quantity: line.quantity === '' ? 0 : Number(line.quantity),
        unitPricePence: penceOf(line.unitPounds) ?? -1,
        vatRateBp: typedLines[index]?.vatRateBp ?? 0,
        ...(line.style !== undefined ? { style: line.style, serviceType: line.serviceType } : {}),
      })),
    };
    const parsed = createInvoiceInput.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= path.endsWith('unitPricePence') ? 'Enter a price of zero or more' : issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    const options = { onSuccess: onSaved };
    if (invoice) update.mutate(body, options);
    else create.mutate(body, options);
  };

  return (
    <Stack gap="md" style={readableErrors}>
      <Fieldset legend="Bill to">
        <Stack gap="xs">
          <TextField label="Name" required {...bind('billToName')} maxLength={200} />
          <TextField label="Email" type="email" {...bind('billToEmail')} />
          <NoteField label="Address" value={values.billToAddress} onChange={set('billToAddress')} maxLength={1000} />
        </Stack>
      </Fieldset>

      <Stack gap="xs">
        <Text fw={700} component="h3" size="md" m={0}>
          Lines
        </Text>
        {!vatRegistered && (
          <Text size="sm">The business is not VAT registered, so no VAT is charged (change this in the settings).</Text>
        )}
        {errors.lines && (
          <Text c="var(--app-danger-text)" size="sm" role="alert">
            {errors.lines}
          </Text>
        )}
        {lines.map((line, index) => {
          const at = (field: string) => errors[`lines.${index}.${field}`];
          const priced = typedLines[index];
          return (
            <Fieldset key={line.key} legend={`Line ${index + 1}`} p="sm">
              <Stack gap="xs">
                <TextInput
                  label="Description"
                  required
                  value={line.description}
                  onChange={(event) => change(line.key, { description: event.currentTarget.value })}
                  error={at('description')}
                  maxLength={300}
                />
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <NumberInput
                    label="Quantity"
                    value={line.quantity}
                    onChange={(value) => change(line.key, { quantity: value })}
                    min={1}
                    allowDecimal={false}
                    w={90}
                    error={at('quantity')}
                  />
                  <NumberInput
                    label={vatRegistered ? 'Unit price before VAT (£)' : 'Unit price (£)'}
                    value={line.unitPounds}
                    onChange={(value) => change(line.key, { unitPounds: value })}
                    min={0}
                    decimalScale={2}
                    w={170}
                    error={at('unitPricePence')}
                  />
                  {vatRegistered && (
                    <NumberInput
                      label="VAT rate (%)"
                      value={line.vatPercent}
                      onChange={(value) => change(line.key, { vatPercent: value })}
                      min={0}
                      max={100}
                      decimalScale={2}
                      w={110}
                      error={at('vatRateBp')}
                    />
                  )}
                </Group>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    Amount: {formatMoney(priced ? priced.quantity * priced.unitPricePence : 0)}
                    {vatRegistered ? ' before VAT' : ''}
                  </Text>
                  {lines.length > 1 && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      style={{ '--button-color': 'var(--app-danger-text)' }}
                      onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
                      aria-label={`Remove line ${index + 1}`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button variant="default" onClick={() => setLines((current) => [...current, blankLine(defaultRate)])}>
            Add a line
          </Button>
        </Group>
      </Stack>

      <Table w="auto" aria-label="Totals" style={{ alignSelf: 'flex-end' }}>
        <Table.Tbody>
          <TotalsRow label="Subtotal" pence={totals.subtotalPence} />
          <TotalsRow label="VAT" pence={totals.vatPence} />
          <TotalsRow label="Total" pence={totals.totalPence} strong />
        </Table.Tbody>
      </Table>

      <NoteField label="Notes (printed on the invoice)" value={values.notes} onChange={set('notes')} maxLength={2000} />

      {failure && (
        <Alert color="red" title="The invoice was not saved" role="alert" styles={readableTitle}>
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          {invoice ? 'Save draft' : 'Create draft'}
        </Button>
      </Group>
    </Stack>
  );
}
