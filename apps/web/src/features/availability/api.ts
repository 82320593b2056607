import type {
  AdminCalendar,
  AvailabilityOverride,
  BlockedPeriod,
  BookingRules,
  CalendarFeed,
  LodgerCalendar,
  TimeRange,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['availability', 'calendar', from, to],
    queryFn: () => apiFetch<LodgerCalendar | Partial<AdminCalendar>>(`/availability/calendar?from=${from}&to=${to}`),
    staleTime: 0,
  });

export const rulesQuery = queryOptions({
  queryKey: ['availability', 'rules'],
  queryFn: () => apiFetch<BookingRules>('/admin/booking-rules'),
});

export const overridesQuery = queryOptions({
  queryKey: ['availability', 'overrides'],
  queryFn: () => apiFetch<AvailabilityOverride[]>('/admin/overrides'),
});

export const blocksQuery = queryOptions({
  queryKey: ['availability', 'blocks'],
  queryFn: () => apiFetch<(BlockedPeriod & { startsAt: string; endsAt: string })[]>('/admin/blocks'),
});

export const feedsQuery = queryOptions({
  queryKey: ['calendar-feeds'],
  queryFn: () => apiFetch<{ feeds: CalendarFeed[] }>('/calendar-feeds'),
});

/** Every change here can move open hours or busy times: the calendar and free slots are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
      queryClient.invalidateQueries({ queryKey: ['slots'] }),
    ]);
}

export type RulesChange = Partial<Omit<BookingRules, 'timeZone'>>;

export function useUpdateRules() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (changes: RulesChange) =>
      apiFetch<BookingRules>('/admin/booking-rules', { method: 'PATCH', body: changes }),
    onSettled: invalidate,
  });
}

export type NewOverride = { date: string; kind: 'closed' | 'hours' | 'extra'; ranges: TimeRange[]; note: string };

export function useCreateOverride() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: NewOverride) =>
      apiFetch<AvailabilityOverride>('/admin/overrides', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteOverride() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/admin/overrides/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useCreateBlock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { startsAt: string; endsAt: string; reason: string }) =>
      apiFetch<BlockedPeriod>('/admin/blocks', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteBlock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/admin/blocks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>('/calendar-feeds', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar-feeds'] }),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/calendar-feeds/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar-feeds'] }),
  });
}
