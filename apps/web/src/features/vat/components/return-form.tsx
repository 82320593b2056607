import type { DrillBox, VatObligation, VatReturnReceipt } from '@app/shared';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed, SkeletonRows } from '../../../components/page-skeleton.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { notifications } from '../../../lib/notifications.ts';
import { boxesQuery, useSubmitReturn } from '../api.ts';
import { boxRows, wholePoundBoxes } from './box-labels.ts';
import { DrillDownModal } from './drill-down-modal.tsx';

/** An open period's nine boxes from the ledger, each opening the journal lines behind it, and the filing itself. */
export function ReturnForm({
  obligation,
  money,
  onFiled,
}: {
  obligation: VatObligation;
  money: (pence: number) => string;
  onFiled: (receipt: VatReturnReceipt) => void;
}) {
  const period = { from: obligation.start, to: obligation.end };
  const boxes = useQuery(boxesQuery(period));
  const submit = useSubmitReturn();
  const [declared, setDeclared] = useState(false);
  const [drill, setDrill] = useState<{ box: DrillBox; title: string } | null>(null);
  const headingId = `return-${obligation.periodKey}`;

  const send = () =>
    submit
      .mutateAsync({ periodKey: obligation.periodKey, start: obligation.start, end: obligation.end, declaration: true })
      .then((receipt) => {
        notifications.show({
          color: 'green',
          message: `HMRC received the return: form bundle ${receipt.formBundleNumber}.`,
        });
        onFiled(receipt);
      }, ignoreShownError);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          Return for {formatDay(obligation.start)} to {formatDay(obligation.end)}
        </Title>
        {boxes.isPending ? (
          <SkeletonRows label="Reading the books…" rows={9} height={32} />
        ) : boxes.isError ? (
          <LoadFailed what="The figures" error={boxes.error} onRetry={() => boxes.refetch()} />
        ) : (
          <>
            <ol aria-label="The nine boxes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {boxRows.map((row) => {
                const pence = boxes.data.boxes[row.key];
                const shown = wholePoundBoxes.has(row.key) ? money(Math.trunc(pence / 100) * 100) : money(pence);
                return (
                  <li key={row.key}>
                    <Group justify="space-between" wrap="nowrap" gap="sm" py={4}>
                      <Text size="sm">
                        <Text span fw={600}>
                          Box {row.number}
                        </Text>{' '}
                        {row.label}
                      </Text>
                      {row.drill ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          ff="monospace"
                          aria-label={`Box ${row.number}: ${shown}, show the journal lines`}
                          onClick={() =>
                            row.drill && setDrill({ box: row.drill, title: `Box ${row.number}: ${row.label}` })
                          }
                        >
                          {shown}
                        </Button>
                      ) : (
                        <Text size="sm" ff="monospace" px={8}>
                          {shown}
                        </Text>
                      )}
                    </Group>
                  </li>
                );
              })}
            </ol>
            <Text size="sm" c="dimmed">
              {boxes.data.boxes.totalVatDue >= boxes.data.boxes.vatReclaimedCurrPeriod
                ? 'Box 5 is what you pay HMRC.'
                : 'Box 5 is what HMRC pays back to you.'}{' '}
              Boxes 6 to 9 are sent in whole pounds.
            </Text>
            {!boxes.data.vatRegistered && (
              <Alert color="yellow" title="Not VAT registered in Business details" styles={readableTitle}>
                The business is not marked as VAT registered, so no VAT is charged on sales nor reclaimed on expenses in
                these figures. If it is registered, say so under Business details before filing.
              </Alert>
            )}
            {boxes.data.otherVatMovements !== 0 && (
              <Alert color="yellow" title="VAT posted outside sales and expenses" styles={readableTitle}>
                {money(boxes.data.otherVatMovements)} of VAT was posted by hand in this period and is in no box. Look at
                the ledger before you file.
              </Alert>
            )}
            <Checkbox
              checked={declared}
              onChange={(event) => setDeclared(event.currentTarget.checked)}
              label="When I submit this VAT information I am making a legal declaration that the information is true and complete. A false declaration can result in prosecution."
            />
            {submit.error && (
              <Alert color="red" role="alert" title="Not filed" styles={readableTitle}>
                {serverMessage(submit.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button size="md" disabled={!declared} loading={submit.isPending} onClick={send}>
                Submit to HMRC
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Once HMRC has the return, the books up to {formatDay(obligation.end)} are closed: anything dated in this
              period afterwards goes into the next one.
            </Text>
          </>
        )}
      </Stack>
      <DrillDownModal
        period={period}
        box={drill?.box ?? null}
        title={drill?.title ?? ''}
        money={money}
        onClose={() => setDrill(null)}
      />
    </Paper>
  );
}
