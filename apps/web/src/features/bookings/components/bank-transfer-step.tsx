import { type Booking, type BookingBankTransfer, formatSortCode } from '@app/shared';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { Notice } from './notice.tsx';

type BankTransferStepProps = {
  booking: Booking & { bankTransfer: BookingBankTransfer };
  timeZone: string;
  locale?: string;
  currency?: string;
};

/**
 * A sensual booking's deposit is paid by bank transfer, never by card (decisions 065, 066): where to pay it, the
 * reference that matches it to the booking, and until when the time is held.
 */
export function BankTransferStep({ booking, timeZone, locale, currency }: BankTransferStepProps) {
  const transfer = booking.bankTransfer;
  const rows: [string, string][] = [
    ['Amount', formatPrice(transfer.amountPence, locale, currency)],
    ['Account name', transfer.accountName],
    ['Sort code', formatSortCode(transfer.sortCode)],
    ['Account number', transfer.accountNumber],
    ['Reference', transfer.reference],
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>Pay your deposit by bank transfer</Title>
      <Notice color="yellow" role="status" title="Your time is held">
        We hold this time until {formatDateTime(transfer.holdExpiresAt, timeZone, locale)}. Once your deposit arrives we
        email you. If it has not arrived by then, the time is released and we email you to say so.
      </Notice>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>
            {formatDuration(booking.durationMinutes)} massage, {formatDateTime(booking.startsAt, timeZone, locale)}
          </Text>
          <Table aria-label="Where to pay the deposit" variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">Please quote the reference exactly: it is how we match your payment to this booking.</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
