import {
  type ClientKind,
  clientKinds,
  type NoShowFeeRule,
  type PaymentPolicy,
  type PaymentPolicyAnswer,
  paymentPolicyInput,
  type UpfrontRule,
} from '@app/shared';
import { Alert, Code, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { readableDescription } from '../../../components/readable-styles.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useSavePaymentPolicy } from '../api.ts';
import { depositKinds, RuleField } from './rule-field.tsx';
import { SensualPaymentsNote } from './sensual-payments-note.tsx';
import { SettingsForm } from './settings-form.tsx';

type Style = 'therapeutic' | 'sensual';
// Sensual massages ask nothing by card (decision 065): SensualPaymentsNote says why in place of their rules.
const styles: { style: Style; label: string }[] = [{ style: 'therapeutic', label: 'Therapeutic massages' }];
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

const noShowOptions: { value: NoShowFeeRule['kind']; label: string }[] = [
  { value: 'none', label: 'No no-show fee' },
  { value: 'fixed', label: 'A fixed amount' },
  { value: 'percent', label: 'A share of the price' },
];

/** The owner's payment policy, checked by the same schema as the server's PUT. */
export function PaymentPolicyForm({ answer }: { answer: PaymentPolicyAnswer }) {
  const save = useSavePaymentPolicy();
  const [policy, setPolicy] = useState<PaymentPolicy>(answer.policy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRule = (style: Style, kind: ClientKind, rule: UpfrontRule) =>
    setPolicy((current) => ({ ...current, [style]: { ...current[style], [kind]: rule } }));

  const submit = () => {
    // A policy saved before card payments for sensual massages were refused is saved asking nothing of them.
    const parsed = paymentPolicyInput.safeParse({
      ...policy,
      sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
      noShowFee: { ...policy.noShowFee, sensual: { kind: 'none' } },
    });
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
    <SettingsForm
      label="Payment policy"
      gap="md"
      onSubmit={submit}
      change={save}
      failureTitle="The payment policy was not saved"
      saveLabel="Save payment policy"
    >
      {!answer.onlinePaymentEnabled && (
        <Alert color="gray" title="Online payment is off">
          <Text size="sm">
            Clients pay at their appointment. To take deposits online, set <Code>STRIPE_SECRET_KEY</Code>,{' '}
            <Code>STRIPE_PUBLISHABLE_KEY</Code> and <Code>STRIPE_WEBHOOK_SECRET</Code> in the server's configuration
            (the README's “Taking payments with Stripe” says how) and restart it. A policy saved here applies from then
            on.
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
              select={{ label: clientLabels[kind], data: ruleOptions }}
              figures={{
                ...depositKinds,
                amountLabel: `${clientLabels[kind]}: deposit (£)`,
                percentLabel: `${clientLabels[kind]}: deposit (% of the price)`,
                maxPercent: 99,
              }}
              rule={policy[style][kind]}
              error={errors[`${style}.${kind}`]}
              onChange={(rule) => setRule(style, kind, rule)}
            />
          ))}
          {answer.onlinePaymentEnabled && (
            // The fee charged to the card a client saved, with their consent, if they do not come.
            <RuleField
              select={{
                label: `${label}: no-show fee`,
                description:
                  'Clients agree to it and save a card when booking; you charge it only after marking a no-show.',
                styles: readableDescription,
                data: noShowOptions,
              }}
              figures={{
                fixed: 'fixed',
                percent: 'percent',
                startPence: 3000,
                startPercent: 50,
                amountLabel: `${label}: no-show fee (£)`,
                percentLabel: `${label}: no-show fee (% of the price)`,
                maxPercent: 100,
              }}
              rule={policy.noShowFee[style]}
              error={errors[`noShowFee.${style}`]}
              onChange={(rule) =>
                setPolicy((current) => ({ ...current, noShowFee: { ...current.noShowFee, [style]: rule } }))
              }
            />
          )}
        </Stack>
      ))}
      <SensualPaymentsNote deposits={answer.sensualStripeDeposits} />
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
    </SettingsForm>
  );
}
