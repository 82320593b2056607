import { createExpenseCategoryInput, type ExpenseCategory } from '@app/shared';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { readableDescription, readableErrors } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useCreateExpenseCategory, useUpdateExpenseCategory } from '../api.ts';

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
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const dirty = name.trim() !== category.name;

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createExpenseCategoryInput.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name');
      return;
    }
    setError(null);
    update.mutate({ id: category.id, name: parsed.data }, { onError: (cause) => setError(cause.message) });
  };

  return (
    <Paper component="li" withBorder p="xs">
      <form onSubmit={rename} aria-label={`Category ${category.name}`} style={readableErrors}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            error={error}
            maxLength={60}
            style={{ flex: '1 1 12rem' }}
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
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const parsed = createExpenseCategoryInput.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (category) => {
        setName('');
        setAdded(`${category.name} added, with account ${category.accountCode}.`);
      },
      onError: (cause) => setError(cause.message),
    });
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
          <TextField
            label="New category"
            value={name}
            onChange={setName}
            error={error}
            maxLength={60}
            style={{ flex: '1 1 12rem' }}
          />
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
