import { adjustCourseInput, type Course, type CourseHistoryItem, courseStatusLabels } from '@app/shared';
import { Button, Card, Group, List, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogFormSubmit } from '../../../components/dialog-form-submit.tsx';
import { CardList } from '../../../components/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatDay, formatMoney, formatShortDateTime } from '../../../lib/format.ts';
import { useAdjustCourse } from '../api.ts';

const statusColor: Record<Course['status'], string> = {
  awaiting_payment: 'gray',
  active: 'teal',
  used_up: 'gray',
  expired: 'orange',
  cancelled: 'gray',
};

const soldByLabel: Record<Course['soldBy'], string> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank transfer',
  online: 'card online',
};

function historyLine(item: CourseHistoryItem, timeZone: string) {
  const when = formatShortDateTime(item.at, timeZone);
  const booking = item.bookingStartsAt ? ` (booking on ${formatShortDateTime(item.bookingStartsAt, timeZone)})` : '';
  switch (item.kind) {
    case 'bought':
      return `${when}: bought, ${item.change} sessions`;
    case 'used':
      return `${when}: 1 session used${booking}`;
    case 'returned':
      return `${when}: 1 session given back, booking cancelled in time${booking}`;
    case 'adjusted':
      return `${when}: ${item.change > 0 ? `+${item.change}` : item.change} by the owner: ${item.reason ?? ''}`;
    case 'expired':
      return `${when}: expired with ${-item.change} unused`;
  }
}

/** Each course sold: whose, what, sessions left, until when, its history; the owner can adjust an active one. */
export function CourseCards({
  courses,
  timeZone,
  fullScreen,
}: {
  courses: Course[];
  timeZone: string;
  fullScreen: boolean;
}) {
  const [adjusting, setAdjusting] = useState<Course | null>(null);
  return (
    <>
      <CardList aria-label="Courses sold">
        {courses.map((course) => (
          <Card
            key={course.id}
            withBorder
            padding="sm"
            component="li"
            aria-label={`${course.clientName}: ${course.label}`}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{course.clientName}</Text>
                <StatusBadge color={statusColor[course.status]}>{courseStatusLabels[course.status]}</StatusBadge>
              </Group>
              <Text size="sm">{course.label}</Text>
              <Text size="sm" fw={600}>
                {course.sessionsLeft} of {course.sessions} sessions left
              </Text>
              <Text size="sm">
                {formatMoney(course.pricePence)} by {soldByLabel[course.soldBy]} · valid until{' '}
                {formatDay(course.expiresOn)}
              </Text>
              <details>
                <summary>
                  <Text span size="sm">
                    History
                  </Text>
                </summary>
                <List size="sm" mt={4}>
                  {course.history.map((item) => (
                    <List.Item key={`${item.kind}-${item.at}`}>{historyLine(item, timeZone)}</List.Item>
                  ))}
                </List>
              </details>
              {course.status === 'active' || course.status === 'used_up' ? (
                <Group>
                  <Button size="xs" variant="light" onClick={() => setAdjusting(course)}>
                    Adjust sessions
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        ))}
      </CardList>
      <AppModal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title="Adjust sessions"
        size="md"
        fullScreen={fullScreen}
      >
        {adjusting && <AdjustBody course={adjusting} onDone={() => setAdjusting(null)} />}
      </AppModal>
    </>
  );
}

function AdjustBody({ course, onDone }: { course: Course; onDone: () => void }) {
  const adjust = useAdjustCourse();
  const [change, setChange] = useState<number | string>(-1);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submit = () => {
    const parsed = adjustCourseInput.safeParse({ change: Number(change), reason });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    adjust.mutate({ id: course.id, input: parsed.data }, { onSuccess: onDone });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {course.clientName}: {course.label}, {course.sessionsLeft} of {course.sessions} sessions left.
      </Text>
      <NumberInput
        label="Sessions to add (+) or take off (−)"
        allowDecimal={false}
        min={-course.sessionsLeft}
        max={course.sessions - course.sessionsLeft}
        value={change}
        onChange={setChange}
        error={errors.change}
      />
      <TextField label="Reason" value={reason} onChange={setReason} error={errors.reason} maxLength={500} />
      <DialogFormSubmit change={adjust} failureTitle="The sessions were not changed" onSubmit={submit}>
        Save
      </DialogFormSubmit>
    </Stack>
  );
}
