import { type Service, voucherKindLabels } from '@app/shared';
import { NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { NoteField } from '../../../components/note-field.tsx';
import { readableDescription } from '../../../components/readable-styles.ts';
import { formatPrice } from '../../../lib/format.ts';

export type VoucherOrderState = {
  kind: 'amount' | 'treatment';
  pounds: number | string;
  serviceId: string | null;
  durationMinutes: string | null;
  gift: boolean;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
};

export const emptyOrder: VoucherOrderState = {
  kind: 'amount',
  pounds: 50,
  serviceId: null,
  durationMinutes: null,
  gift: false,
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendOn: '',
};

/** The order as the shared schema reads it (the schema then says what is missing). */
export function orderBody(order: VoucherOrderState) {
  return {
    kind: order.kind,
    ...(order.kind === 'amount'
      ? { amountPence: order.pounds === '' ? undefined : Math.round(Number(order.pounds) * 100) }
      : {
          serviceId: order.serviceId ?? undefined,
          durationMinutes: order.durationMinutes ? Number(order.durationMinutes) : undefined,
        }),
    ...(order.gift
      ? {
          recipientName: order.recipientName,
          recipientEmail: order.recipientEmail,
          message: order.message,
          ...(order.sendOn ? { sendOn: order.sendOn } : {}),
        }
      : {}),
  };
}

/** What is bought (an amount, or a treatment and its length) and, for a gift, who gets it and when. */
export function VoucherOrderFields({
  order,
  onChange,
  services,
  errors,
}: {
  order: VoucherOrderState;
  onChange: (next: VoucherOrderState) => void;
  services: Service[];
  errors: Partial<Record<string, string>>;
}) {
  const set = (changes: Partial<VoucherOrderState>) => onChange({ ...order, ...changes });
  const chosen = services.find((service) => service.id === order.serviceId);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="The voucher is for"
        // The unchosen option's default grey is below AA contrast on the dialog's background.
        styles={{ label: { color: 'var(--mantine-color-text)' } }}
        value={order.kind}
        onChange={(value) => set({ kind: value as VoucherOrderState['kind'] })}
        data={[
          { value: 'amount', label: voucherKindLabels.amount },
          { value: 'treatment', label: voucherKindLabels.treatment },
        ]}
      />
      {order.kind === 'amount' ? (
        <NumberInput
          label="Amount (£)"
          value={order.pounds}
          onChange={(pounds) => set({ pounds })}
          min={5}
          max={1000}
          decimalScale={2}
          // Its up and down arrows are 17 px tall, under a 24 px target: a phone types the amount on its keypad.
          hideControls
          error={errors.amountPence}
        />
      ) : (
        <>
          <Select
            label="Treatment"
            data={services.map((service) => ({ value: service.id, label: service.name }))}
            value={order.serviceId}
            onChange={(serviceId) => set({ serviceId, durationMinutes: null })}
            error={errors.serviceId}
          />
          <Select
            label="Length"
            data={(chosen?.durations ?? []).map((d) => ({
              value: String(d.minutes),
              label: `${d.minutes} minutes · ${formatPrice(d.pricePence)}`,
            }))}
            value={order.durationMinutes}
            onChange={(durationMinutes) => set({ durationMinutes })}
            disabled={!chosen}
            error={errors.durationMinutes}
          />
        </>
      )}
      <Switch
        label="It is a gift: email it to someone"
        checked={order.gift}
        onChange={(event) => set({ gift: event.currentTarget.checked })}
      />
      {order.gift && (
        <>
          <TextInput
            label="Recipient’s name"
            value={order.recipientName}
            onChange={(event) => set({ recipientName: event.currentTarget.value })}
            error={errors.recipientName}
            maxLength={120}
          />
          <TextInput
            label="Recipient’s email"
            type="email"
            value={order.recipientEmail}
            onChange={(event) => set({ recipientEmail: event.currentTarget.value })}
            error={errors.recipientEmail}
          />
          <NoteField
            label="Message"
            value={order.message}
            onChange={(value) => set({ message: value })}
            maxLength={1000}
          />
          <TextInput
            label="Send on"
            description="Leave empty to send it at once"
            styles={readableDescription}
            type="date"
            value={order.sendOn}
            onChange={(event) => set({ sendOn: event.currentTarget.value })}
            error={errors.sendOn}
          />
        </>
      )}
      {!order.gift && (
        <Text size="sm" c="var(--app-muted)">
          The voucher is emailed to the buyer as a PDF.
        </Text>
      )}
    </Stack>
  );
}
