import {
  type ClientKind,
  clientKinds,
  type NoShowFeeRule,
  type PaymentPolicy,
  type PaymentPolicyAnswer,
  paymentPolicySchema,
  type UpfrontRule,
} from '@app/shared';
import { Alert, Button, Code, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useSavePaymentPolicy } from '../api.ts';

type Style = 'therapeutic' | 'sensual';
const styles: { style: Style; label: string }[] = [
  { style: 'therapeutic', label: 'Therapeutic massages' },
  { style: 'sensual', label: 'Sensual massages' },
];
const clientLabels: Record<ClientKind, string> = {
  newClient: 'New clients',
  returningClient: 'Returning clients',
};
const ruleOptions: { value: UpfrontRule['kind']; label: string }[] = [
  { value: 'none', label: 'Nothing up front' },
  { value: 'deposit_fixed', label: 'A deposit of a fixed amount' },
  { value: 'deposit_percent', label: 'A deposit, a share of the price' },
  { value: 'full', label: 'The full price' },
];
const readableDescription = { description: { color: 'var(--app-muted)' } };

/** A rule of another kind, keeping a sensible figure to start from. */
function ruleOfKind(kind: UpfrontRule['kind']): UpfrontRule {
  if (kind === 'deposit_fixed') return { kind, amountPence: 2000 };
  if (kind === 'deposit_percent') return { kind, percent: 20 };
  return { kind };
}

function RuleField({
  label,
  rule,
  error,
  onChange,
}: {
  label: string;
  rule: UpfrontRule;
  error: string | undefined;
  onChange: (rule: UpfrontRule) => void;
}) {
  return (
    <Stack gap="xs">
      <Select
        label={label}
        data={ruleOptions}
        value={rule.kind}
        allowDeselect={false}
        onChange={(kind) => kind && onChange(ruleOfKind(kind as UpfrontRule['kind']))}
        size="md"
      />
      {rule.kind === 'deposit_fixed' && (
        <NumberInput
          label={`${label}: deposit (£)`}
          min={1}
          decimalScale={2}
          value={rule.amountPence / 100}
          // The schema checks the figure; an empty box is kept as 0 so the message says what to enter.
          onChange={(value) => onChange({ kind: 'deposit_fixed', amountPence: Math.round(Number(value || 0) * 100) })}
          error={error}
          size="md"
        />
      )}
      {rule.kind === 'deposit_percent' && (
        <NumberInput
          label={`${label}: deposit (% of the price)`}
          min={1}
          max={99}
          allowDecimal={false}
          value={rule.percent}
          onChange={(value) => onChange({ kind: 'deposit_percent', percent: Number(value || 0) })}
          error={error}
          size="md"
        />
      )}
    </Stack>
  );
}

const noShowOptions: { value: NoShowFeeRule['kind']; label: string }[] = [
  { value: 'none', label: 'No no-show fee' },
  { value: 'fixed', label: 'A fixed amount' },
  { value: 'percent', label: 'A share of the price' },
];

function noShowRuleOfKind(kind: NoShowFeeRule['kind']): NoShowFeeRule {
  if (kind === 'fixed') return { kind, amountPence: 3000 };
  if (kind === 'percent') return { kind, percent: 50 };
  return { kind };
}

/** The fee charged to the card a client saved, with their consent, if they do not come. */
function NoShowFeeField({
  label,
  rule,
  error,
  onChange,
}: {
  label: string;
  rule: NoShowFeeRule;
  error: string | undefined;
  onChange: (rule: NoShowFeeRule) => void;
}) {
  return (
    <Stack gap="xs">
      <Select
        label={`${label}: no-show fee`}
        description="Clients agree to it and save a card when booking; you charge it only after marking a no-show."
        styles={readableDescription}
        data={noShowOptions}
        value={rule.kind}
        allowDeselect={false}
        onChange={(kind) => kind && onChange(noShowRuleOfKind(kind as NoShowFeeRule['kind']))}
        size="md"
      />
      {rule.kind === 'fixed' && (
        <NumberInput
          label={`${label}: no-show fee (£)`}
          min={1}
          decimalScale={2}
          value={rule.amountPence / 100}
          onChange={(value) => onChange({ kind: 'fixed', amountPence: Math.round(Number(value || 0) * 100) })}
          error={error}
          size="md"
        />
      )}
      {rule.kind === 'percent' && (
        <NumberInput
          label={`${label}: no-show fee (% of the price)`}
          min={1}
          max={100}
          allowDecimal={false}
          value={rule.percent}
          onChange={(value) => onChange({ kind: 'percent', percent: Number(value || 0) })}
          error={error}
          size="md"
        />
      )}
    </Stack>
  );
}

/** The owner's payment policy, checked by the same schema as the server's PUT. */
export function PaymentPolicyForm({ answer }: { answer: PaymentPolicyAnswer }) {
  const save = useSavePaymentPolicy();
  const [policy, setPolicy] = useState<PaymentPolicy>(answer.policy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRule = (style: Style, kind: ClientKind, rule: UpfrontRule) =>
    setPolicy((current) => ({ ...current, [style]: { ...current[style], [kind]: rule } }));

  const submit = () => {
    const parsed = paymentPolicySchema.safeParse(policy);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.slice(0, 2).join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'green',
          message: saved.onlinePaymentEnabled
            ? 'Payment policy saved: new bookings ask for it from now on.'
            : 'Payment policy saved: it applies once online payment is turned on.',
        }),
    });
  };

  return (
    <Paper
      component="form"
      aria-label="Payment policy"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {!answer.onlinePaymentEnabled && (
          <Alert color="gray" title="Online payment is off">
            <Text size="sm">
              Clients pay at their appointment. To take deposits online, set <Code>STRIPE_SECRET_KEY</Code>,{' '}
              <Code>STRIPE_PUBLISHABLE_KEY</Code> and <Code>STRIPE_WEBHOOK_SECRET</Code> in the server's configuration
              (the README's “Taking payments with Stripe” says how) and restart it. A policy saved here applies from
              then on.
            </Text>
          </Alert>
        )}
        {styles.map(({ style, label }) => (
          <Stack key={style} gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h4" component="legend">
              {label}
            </Title>
            {clientKinds.map((kind) => (
              <RuleField
                key={kind}
                label={clientLabels[kind]}
                rule={policy[style][kind]}
                error={errors[`${style}.${kind}`]}
                onChange={(rule) => setRule(style, kind, rule)}
              />
            ))}
            {answer.onlinePaymentEnabled && (
              <NoShowFeeField
                label={label}
                rule={policy.noShowFee[style]}
                error={errors[`noShowFee.${style}`]}
                onChange={(rule) =>
                  setPolicy((current) => ({ ...current, noShowFee: { ...current.noShowFee, [style]: rule } }))
                }
              />
            )}
          </Stack>
        ))}
        <NumberInput
          label="Free cancellation until (hours before)"
          description="A client who cancels later than this loses the deposit; a no-show always does."
          styles={readableDescription}
          min={0}
          max={24 * 30}
          allowDecimal={false}
          value={policy.freeCancellationHours}
          onChange={(value) => setPolicy((current) => ({ ...current, freeCancellationHours: Number(value || 0) }))}
          error={errors.freeCancellationHours}
          size="md"
        />
        <FailureAlert error={save.error} title="The payment policy was not saved" />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending}>
            Save payment policy
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
