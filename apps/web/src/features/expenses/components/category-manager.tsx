import { createExpenseCategoryInput, type ExpenseCategory } from '@app/shared';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { readableDescription, readableErrors } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useCreateExpenseCategory, useUpdateExpenseCategory } from '../api.ts';

/**
 * A category's name as typed, with the error under its box: `checked()` answers the name to send, or null after
 * showing why the shared schema refuses it; the server's refusal is shown with `setError`.
 */
function useCategoryName(initial: string) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const checked = () => {
    const parsed = createExpenseCategoryInput.shape.name.safeParse(name);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name'));
    return parsed.success ? parsed.data : null;
  };
  const field = { value: name, onChange: setName, error, maxLength: 60, style: { flex: '1 1 12rem' } };
  return { name, setName, setError, checked, field };
}

function CategoryRow({
  category,
  onMove,
  first,
  last,
}: {
  category: ExpenseCategory;
  onMove: (direction: -1 | 1) => void;
  first: boolean;
  last: boolean;
}) {
  const update = useUpdateExpenseCategory();
  const { name, setError, checked, field } = useCategoryName(category.name);
  const dirty = name.trim() !== category.name;

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const newName = checked();
    if (newName === null) return;
    update.mutate({ id: category.id, name: newName }, { onError: (cause) => setError(cause.message) });
  };

  return (
    <Paper component="li" withBorder p="xs">
      <form onSubmit={rename} aria-label={`Category ${category.name}`} style={readableErrors}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextField
            label="Name"
            {...field}
            description={`Account ${category.accountCode}`}
            styles={readableDescription}
          />
          <Button type="submit" variant="light" disabled={!dirty} loading={update.isPending}>
            Rename
          </Button>
          <Switch
            label="In use"
            checked={category.active}
            onChange={(event) => update.mutate({ id: category.id, active: event.currentTarget.checked })}
            mb={8}
          />
          <Group gap={4} mb={4}>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={first}
              onClick={() => onMove(-1)}
              aria-label={`Move ${category.name} up`}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={last}
              onClick={() => onMove(1)}
              aria-label={`Move ${category.name} down`}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
          </Group>
        </Group>
      </form>
    </Paper>
  );
}

/** Categories of expenses: each has its own account in the ledger; retired ones stay on past expenses. */
export function CategoryManager({ categories }: { categories: ExpenseCategory[] }) {
  const create = useCreateExpenseCategory();
  const reorder = useUpdateExpenseCategory();
  const { setName, setError, checked, field } = useCategoryName('');
  const [added, setAdded] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const name = checked();
    if (name === null) return;
    create.mutate(
      { name },
      {
        onSuccess: (category) => {
          setName('');
          setAdded(`${category.name} added, with account ${category.accountCode}.`);
        },
        onError: (cause) => setError(cause.message),
      },
    );
  };

  // Positions are renumbered on every move, so equal or sparse sort orders still move one step.
  const move = async (index: number, direction: -1 | 1) => {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + direction, 0, moved);
    for (const [position, category] of order.entries())
      if (category.sortOrder !== position) await reorder.mutateAsync({ id: category.id, sortOrder: position });
  };

  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {categories.map((category, index) => (
          <CategoryRow
            key={`${category.id}:${category.name}`}
            category={category}
            first={index === 0}
            last={index === categories.length - 1}
            onMove={(direction) => move(index, direction)}
          />
        ))}
      </Stack>
      {reorder.isError && (
        <Text c="var(--app-danger-text)" size="sm" role="alert">
          The order could not be saved: {reorder.error.message}
        </Text>
      )}
      <form onSubmit={add} aria-label="New category" style={readableErrors}>
        <Group gap="xs" align="flex-end">
          <TextField label="New category" {...field} />
          <Button type="submit" loading={create.isPending}>
            Add category
          </Button>
        </Group>
      </form>
      {added && (
        <Text size="sm" role="status">
          {added}
        </Text>
      )}
    </Stack>
  );
}
