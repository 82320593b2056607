import { List, Stack, Text } from '@mantine/core';
import { formatInstant } from '../../../lib/format.ts';
import type { AuditEntry } from '../api.ts';

const actionLabels: Record<string, string> = {
  'customer.updated': 'Changed the profile',
  'customer.exported': 'Downloaded their data',
  'customer.erased': 'Erased the customer',
  'email.composed': 'Sent an email',
};

/** A customer without a profile row yet has these; the first change's 'before' is null. */
const profileDefaults = { policy: 'new', tags: [], privateNotes: '' };

const fieldLabels: Record<string, string> = { policy: 'Policy', tags: 'Tags', privateNotes: 'Private notes' };

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return JSON.stringify(value);
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** What changed, field by field: 'Policy: new → blocked'. A field missing before counts as empty. */
export function auditChanges(before: unknown, after: unknown, defaults: Record<string, unknown> = {}): string[] {
  const from = (before && typeof before === 'object' ? before : defaults) as Record<string, unknown>;
  const to = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(from), ...Object.keys(to)])]
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]) && !(isEmpty(from[key]) && isEmpty(to[key])))
    .map((key) => `${fieldLabels[key] ?? key}: ${show(from[key])} → ${show(to[key])}`);
}

/** Who did what and when, newest first, with each field's value before and after. */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Text size="sm">No changes recorded yet.</Text>;
  return (
    <List listStyleType="none" spacing="sm" p={0}>
      {entries.map((entry) => (
        <List.Item key={entry.id}>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {actionLabels[entry.action] ?? entry.action}
            </Text>
            <Text size="sm">
              {entry.actorEmail ?? 'System'} · <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
            </Text>
            {auditChanges(entry.before, entry.after, entry.action === 'customer.updated' ? profileDefaults : {}).map(
              (change) => (
                <Text key={change} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {change}
                </Text>
              ),
            )}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}
