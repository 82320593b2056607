import type { SetupStatus } from '@app/shared';
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/links.tsx';
import { useDismissSetup } from '../api.ts';

/** A new install's first steps, each linking to where it is done; gone once all are done or the owner closes it. */
export function SetupChecklist({ status }: { status: SetupStatus }) {
  const dismiss = useDismissSetup();
  const done = status.steps.filter((step) => step.done).length;
  if (status.dismissed || done === status.steps.length) return null;
  return (
    <Paper component="section" aria-labelledby="setup-title" withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        {/* Wraps on a phone: 'Hide the checklist' is never clipped. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id="setup-title">
              Set up your business
            </Title>
            <Text size="sm" c="var(--app-muted)">
              {done} of {status.steps.length} done
            </Text>
          </Stack>
          <Button variant="subtle" size="sm" onClick={() => dismiss.mutate()} loading={dismiss.isPending}>
            Hide the checklist
          </Button>
        </Group>
        <Progress value={(done / status.steps.length) * 100} aria-label="Setup done" size="sm" />
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {status.steps.map((step) => (
            <Group component="li" key={step.id} justify="space-between" wrap="nowrap" mih={44}>
              <Anchor component={Link} to={step.to} fw={500}>
                {step.label}
              </Anchor>
              <Badge color="teal.9" variant={step.done ? 'filled' : 'default'} miw="fit-content">
                {step.done ? 'Done' : 'Not done'}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
