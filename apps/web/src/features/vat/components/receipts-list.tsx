import type { VatReturnReceipt } from '@app/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../../lib/format.ts';

/** The returns filed from here, each with HMRC's receipt and the figures sent. */
export function ReceiptsList({ receipts, money }: { receipts: VatReturnReceipt[]; money: (pence: number) => string }) {
  if (receipts.length === 0) return <Text c="dimmed">No return has been filed from here yet.</Text>;
  return (
    <Stack gap="sm">
      {receipts.map((receipt) => (
        <Paper
          key={receipt.id}
          withBorder
          p="md"
          radius="md"
          component="article"
          aria-label={`Receipt ${receipt.periodKey}`}
        >
          <Title order={3} size="h5">
            {formatDay(receipt.start)} to {formatDay(receipt.end)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            <Text size="sm">Received by HMRC: {new Date(receipt.processingDate).toLocaleString('en-GB')}</Text>
            <Text size="sm">Form bundle number: {receipt.formBundleNumber}</Text>
            <Text size="sm">Charge reference: {receipt.chargeRefNumber ?? 'none (nothing to pay)'}</Text>
            <Text size="sm">Box 5, net VAT: {money(receipt.boxes.netVatDue)}</Text>
            <Text size="sm">Filed by {receipt.submittedBy}</Text>
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
