import type { OutboxText, TextSettings, TextSettingsInput } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export const textSettingsQuery = queryOptions({
  queryKey: ['texts', 'settings'],
  queryFn: () => apiFetch<TextSettings>('/admin/text-settings'),
});

export const textOutboxQuery = freshQuery<{ texts: OutboxText[] }>(['texts', 'outbox'], '/admin/texts');

export const useSaveTextSettings = () =>
  useRefreshingMutation([['texts']], (input: TextSettingsInput) =>
    apiFetch<TextSettings>('/admin/text-settings', { method: 'PUT', body: input }),
  );
