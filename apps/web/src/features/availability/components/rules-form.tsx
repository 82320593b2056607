import { type BookingRules, updateBookingRulesInput, type WeeklyHours } from '@app/shared';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { readableDescription, readableTitle } from '../../../components/readable-styles.ts';
import { useUpdateRules } from '../api.ts';
import { RangesEditor } from './ranges-editor.tsx';
import classes from './rules-form.module.css';

/** Monday first, as the week is shown; weeklyHours is indexed 0 = Sunday. */
const days = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [0, 'Sunday'],
] as const;

type Numbers = Pick<
  BookingRules,
  'bufferMinutes' | 'minNoticeMinutes' | 'horizonDays' | 'slotStepMinutes' | 'cancellationCutoffHours'
>;
const numberFields: { key: keyof Numbers; label: string; description: string }[] = [
  { key: 'bufferMinutes', label: 'Break after each booking (min)', description: 'Kept free after every session' },
  { key: 'minNoticeMinutes', label: 'Minimum notice (min)', description: 'How soon a client may book' },
  { key: 'horizonDays', label: 'Book ahead up to (days)', description: 'How far ahead clients may book' },
  { key: 'slotStepMinutes', label: 'Start times every (min)', description: 'Spacing of the offered times' },
  { key: 'cancellationCutoffHours', label: 'Client changes until (hours before)', description: 'Later, they call you' },
];

/** Weekly opening hours and the booking rules, saved together; the server checks them with the same schema. */
export function RulesForm({ rules }: { rules: BookingRules }) {
  const [weeklyHours, setWeeklyHours] = useState<WeeklyHours>(rules.weeklyHours);
  const [numbers, setNumbers] = useState<Numbers>(rules);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateRules();

  const save = () => {
    setSaved(false);
    const parsed = updateBookingRulesInput.safeParse({ ...numbers, weeklyHours });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const day = issue?.path[0] === 'weeklyHours' ? days.find(([index]) => index === issue.path[1])?.[1] : undefined;
      return setError(`${day ? `${day}: ` : ''}${issue?.message ?? 'Check the hours'}`);
    }
    setError(null);
    update.mutate(parsed.data, { onSuccess: () => setSaved(true) });
  };

  return (
    <Stack gap="md">
      <Table layout="auto" verticalSpacing={6} aria-label="Weekly opening hours">
        <Table.Tbody>
          {days.map(([index, name]) => (
            <Table.Tr key={index} className={classes.day}>
              <Table.Th scope="row" className={classes.dayName} style={{ verticalAlign: 'top', paddingTop: 12 }}>
                {name}
              </Table.Th>
              <Table.Td>
                <RangesEditor
                  label={name}
                  ranges={weeklyHours[index] ?? []}
                  onChange={(ranges) =>
                    setWeeklyHours((current) => current.map((day, i) => (i === index ? ranges : day)) as WeeklyHours)
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {numberFields.map((field) => (
          <NumberInput
            key={field.key}
            label={field.label}
            description={field.description}
            styles={readableDescription}
            value={numbers[field.key]}
            onChange={(value) => setNumbers((current) => ({ ...current, [field.key]: Number(value) || 0 }))}
            min={0}
            allowDecimal={false}
          />
        ))}
      </SimpleGrid>
      {(error || update.isError) && (
        <Alert color="red" title="Not saved" role="alert" styles={readableTitle}>
          {error ?? update.error?.message}
        </Alert>
      )}
      <div role="status">{saved && <Text size="sm">Opening hours and rules saved.</Text>}</div>
      <Group>
        <Button onClick={save} loading={update.isPending}>
          Save hours and rules
        </Button>
      </Group>
    </Stack>
  );
}
