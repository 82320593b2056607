import {
  type BankDepositRule,
  type BankDepositView,
  type BankTransferSettings,
  type BankTransfersAnswer,
  bankTransferSettingsSchema,
  formatSortCode,
} from '@app/shared';
import { Button, Group, List, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { notifications } from '../../../lib/notifications.ts';
import { type BankDepositAction, useBankDepositAction, useSaveBankTransferSettings } from '../api.ts';
import { depositKinds, RuleField } from './rule-field.tsx';
import { SettingsForm } from './settings-form.tsx';

const depositOptions: { value: BankDepositRule['kind']; label: string }[] = [
  { value: 'none', label: 'No deposit' },
  { value: 'deposit_fixed', label: 'A deposit of a fixed amount' },
  { value: 'deposit_percent', label: 'A deposit, a share of the price' },
];

const statusWords: Record<BankDepositView['status'], string> = {
  awaiting: 'awaited',
  received: 'received',
  released: 'not paid: time released',
};
const settlementWords: Record<NonNullable<BankDepositView['settlement']>, string> = {
  held: 'held',
  recognised: 'applied to the treatment',
  kept: 'kept',
  refunded: 'paid back',
};

/**
 * Sensual bookings may ask a deposit by bank transfer instead of by card (decision 066): the deposit, how long a
 * booking holds its time for it, the account clients pay into, and the deposits with what became of each.
 */
export function BankTransfersSection({ answer }: { answer: BankTransfersAnswer }) {
  return (
    <Stack gap="sm">
      <BankTransferSettingsForm settings={answer.settings} />
      <DepositList deposits={answer.deposits} />
    </Stack>
  );
}

function BankTransferSettingsForm({ settings: saved }: { settings: BankTransferSettings }) {
  const save = useSaveBankTransferSettings();
  const [settings, setSettings] = useState({ ...saved, sortCode: formatSortCode(saved.sortCode) });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const rule = settings.deposit;
  /** What each of the bank account's text boxes takes: its value, its change handler and its error. */
  const accountField = (field: 'accountName' | 'sortCode' | 'accountNumber') => ({
    value: settings[field],
    // The value is read in the handler: the event's target is gone by the time a state updater runs.
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setSettings((s) => ({ ...s, [field]: value }));
    },
    error: errors[field],
    size: 'md',
  });
  const submit = () => {
    const parsed = bankTransferSettingsSchema.safeParse(settings);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(settings, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Deposit by bank transfer saved.' }),
    });
  };
  return (
    <SettingsForm
      label="Deposit by bank transfer"
      gap="md"
      onSubmit={submit}
      change={save}
      failureTitle="The deposit by bank transfer was not saved"
      saveLabel="Save bank transfer"
    >
      <Title order={3} size="h4">
        Deposit by bank transfer for sensual massages
      </Title>
      <RuleField
        gap="md"
        select={{ label: 'Sensual bookings made online', data: depositOptions }}
        figures={{
          ...depositKinds,
          amountLabel: 'Deposit (£)',
          percentLabel: 'Deposit (% of the price)',
          maxPercent: 100,
        }}
        rule={rule}
        error={errors.deposit}
        onChange={(deposit) => setSettings((s) => ({ ...s, deposit }))}
      />
      <NumberInput
        label="Hold the time for (hours)"
        description="Unpaid by then, the booking is released and the client emailed."
        min={1}
        max={336}
        allowDecimal={false}
        value={settings.holdHours}
        onChange={(value) => setSettings((s) => ({ ...s, holdHours: Number(value || 0) }))}
        error={errors.holdHours}
        size="md"
      />
      <TextInput label="Account name" {...accountField('accountName')} />
      <Group grow align="flex-start">
        <TextInput label="Sort code" inputMode="numeric" {...accountField('sortCode')} />
        <TextInput label="Account number" inputMode="numeric" {...accountField('accountNumber')} />
      </Group>
    </SettingsForm>
  );
}

type Asked = { deposit: BankDepositView; action: BankDepositAction };

/** What each action says before it is taken, and the button that takes it. */
function askedWords({ deposit, action }: Asked) {
  const amount = formatMoney(deposit.amountPence);
  return {
    received: {
      title: 'Mark this deposit received?',
      text: `${amount} with reference ${deposit.reference} is recorded as received in the bank, and ${deposit.clientName}'s booking goes ahead; they are emailed.`,
      confirm: 'Mark received',
    },
    release: {
      title: 'Release this booking’s time?',
      text: `${deposit.clientName}'s booking is cancelled as its deposit was not paid, the time is free again, and they are emailed.`,
      confirm: 'Release the time',
    },
    refund: {
      title: 'Record this deposit as paid back?',
      text: `Record that you paid ${amount} back to ${deposit.clientName} by bank transfer. Send the money from your bank yourself.`,
      confirm: 'Record paid back',
    },
  }[action];
}

function DepositList({ deposits }: { deposits: BankDepositView[] }) {
  const act = useBankDepositAction();
  const [asked, setAsked] = useState<Asked | null>(null);
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  if (deposits.length === 0)
    return <Text size="sm">No deposits by bank transfer yet. Clients see your account details when they book.</Text>;
  const words = asked ? askedWords(asked) : null;
  return (
    <Stack gap="xs">
      <FailureAlert error={act.error} title="The deposit was not changed" />
      <List aria-label="Deposits by bank transfer" listStyleType="none" spacing="xs">
        {deposits.map((deposit) => (
          <List.Item key={deposit.id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                {deposit.reference}: {formatMoney(deposit.amountPence)}, {deposit.clientName},{' '}
                {formatDateTime(deposit.startsAt, timeZone)} — {statusWords[deposit.status]}
                {deposit.settlement && deposit.status === 'received' ? `, ${settlementWords[deposit.settlement]}` : ''}
                {deposit.matchedBy === 'statement' ? ' (from the bank statement)' : ''}
              </Text>
              {deposit.status === 'awaiting' && (
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setAsked({ deposit, action: 'received' })}>
                    Mark received
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setAsked({ deposit, action: 'release' })}
                  >
                    Release the time
                  </Button>
                </Group>
              )}
              {deposit.settlement === 'held' && (
                <Button size="xs" variant="subtle" onClick={() => setAsked({ deposit, action: 'refund' })}>
                  Record paid back
                </Button>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
      <AppModal opened={asked !== null} onClose={() => setAsked(null)} title={words?.title ?? ''}>
        <Stack gap="md">
          <Text>{words?.text}</Text>
          <DialogActions keepLabel="Not now" onKeep={() => setAsked(null)}>
            <Button
              loading={act.isPending}
              onClick={() => {
                if (!asked) return;
                act.mutate({ id: asked.deposit.id, action: asked.action }, { onSettled: () => setAsked(null) });
              }}
            >
              {words?.confirm}
            </Button>
          </DialogActions>
        </Stack>
      </AppModal>
    </Stack>
  );
}
