import { Stack, Table, Text } from '@mantine/core';
import { DetailSection, PlainList } from '../../../components/detail-dialog.tsx';
import { formatDateTime, formatDiaryDateTime, formatPrice } from '../../../lib/format.ts';
import { paymentMethodLabels } from '../../../lib/payment-methods.ts';
import type { AdminBookingDetail } from '../admin-api.ts';
import { historySentence } from '../owner-words.ts';
import { auditActionLabel, changedFields } from './admin-audit-diff.ts';

/** The money taken for a booking by hand and by gift voucher, one line each. */
export function BookingPayments({ detail, timeZone }: { detail: AdminBookingDetail; timeZone: string }) {
  if (detail.payments.length === 0 && detail.voucherRedemptions.length === 0)
    return <Text size="sm">No payment recorded.</Text>;
  return (
    <PlainList>
      {detail.payments.map((payment) => (
        <Text component="li" size="sm" key={payment.id}>
          {payment.kind === 'refund' ? 'Refund of ' : ''}
          {formatPrice(payment.amountPence)} by {paymentMethodLabels[payment.method]} on{' '}
          {formatDateTime(payment.paidAt, timeZone)}
          {payment.note ? ` — ${payment.note}` : ''}
        </Text>
      ))}
      {detail.voucherRedemptions.map((redemption) => (
        <Text component="li" size="sm" key={redemption.id}>
          {formatPrice(redemption.amountPence)} by Gift voucher XXXX-…-{redemption.codeLast4} on{' '}
          {formatDateTime(redemption.redeemedAt, timeZone)}
        </Text>
      ))}
    </PlainList>
  );
}

/** What happened to the booking, then each change the business made to it, field by field. */
export function BookingRecords({ detail, timeZone }: { detail: AdminBookingDetail; timeZone: string }) {
  return (
    <>
      <DetailSection title="History">
        <PlainList>
          {detail.history.map((event) => (
            <Text component="li" size="sm" key={event.id}>
              {formatDiaryDateTime(event.at, timeZone)} · {historySentence(event, timeZone)}
            </Text>
          ))}
        </PlainList>
      </DetailSection>
      <DetailSection title="Audit">
        {detail.audit.length === 0 ? (
          <Text size="sm">No change by the business yet.</Text>
        ) : (
          <Stack gap="xs">
            {detail.audit.map((entry) => (
              <Stack gap={2} key={entry.id}>
                <Text size="sm" fw={600}>
                  {formatDateTime(entry.at, timeZone)} · {auditActionLabel(entry.action)} ·{' '}
                  {entry.actorEmail ?? 'unknown'}
                </Text>
                <Table fz="xs" layout="fixed" aria-label={`Changes: ${auditActionLabel(entry.action)}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col">Before</Table.Th>
                      <Table.Th scope="col">After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changedFields(entry.before, entry.after, timeZone).map((change) => (
                      <Table.Tr key={change.field}>
                        <Table.Td>{change.field}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.from}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.to}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ))}
          </Stack>
        )}
      </DetailSection>
    </>
  );
}
