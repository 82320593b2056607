import type { DrillBox } from '@app/shared';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadFailed, SkeletonRows } from '../../../components/page-skeleton.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDay } from '../../../lib/format.ts';
import { drillDownQuery, type Period } from '../api.ts';

/** The journal lines behind one box, each with what it adds; a line moved out of a filed period says from when. */
export function DrillDownModal({
  period,
  box,
  title,
  money,
  onClose,
}: {
  period: Period;
  box: DrillBox | null;
  title: string;
  money: (pence: number) => string;
  onClose: () => void;
}) {
  const query = useQuery({ ...drillDownQuery(period, box ?? '1'), enabled: box !== null });
  return (
    <AppModal opened={box !== null} onClose={onClose} title={title} size="lg">
      {query.isPending ? (
        <SkeletonRows label="Loading the journal lines…" rows={3} />
      ) : query.isError ? (
        <LoadFailed what="The journal lines" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.lines.length === 0 ? (
        <Text>No journal lines in this period add to this box.</Text>
      ) : (
        <Stack gap="xs">
          <ul aria-label="Journal lines" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {query.data.lines.map((line) => (
              <li key={`${line.entryId}-${line.accountCode}-${line.amount}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" py={6}>
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {line.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDay(line.date)} · entry {line.entryNumber} · {line.accountCode} {line.accountName}
                    </Text>
                    {line.movedFrom && (
                      <StatusBadge color="gray" size="sm">
                        Happened {formatDay(line.movedFrom)}, in a period already filed
                      </StatusBadge>
                    )}
                  </Stack>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.amount)}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={600} ff="monospace">
              {money(query.data.total)}
            </Text>
          </Group>
          {query.data.truncated && (
            <Text size="sm">Only the first 500 lines are listed; the total is of them all.</Text>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
