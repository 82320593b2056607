import { type PublicConfig, publicConfigSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/**
 * The public configuration checked against its schema, for the account's screens. Same key and shape as the shell's
 * config query (api.ts), so both read one cache entry; a file of its own, so the first script does not bring zod.
 */
export const publicConfigQuery = queryOptions<PublicConfig>({
  queryKey: ['config'],
  queryFn: async () => publicConfigSchema.parse(await apiFetch('/config')),
  staleTime: Number.POSITIVE_INFINITY,
});
