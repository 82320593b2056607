import type {
  AdminCalendar,
  AvailabilityOverride,
  BlockedPeriod,
  BookingRules,
  CalendarFeed,
  LodgerCalendar,
  OutsideCalendar,
  OutsideCalendarInput,
  TimeRange,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export const calendarQuery = (from: string, to: string) =>
  freshQuery<LodgerCalendar | Partial<AdminCalendar>>(
    ['availability', 'calendar', from, to],
    `/availability/calendar?from=${from}&to=${to}`,
  );

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
const availabilityKeys = [['availability'], ['slots']];

export type RulesChange = Partial<Omit<BookingRules, 'timeZone'>>;

export const useUpdateRules = () =>
  useRefreshingMutation(availabilityKeys, (changes: RulesChange) =>
    apiFetch<BookingRules>('/admin/booking-rules', { method: 'PATCH', body: changes }),
  );

export type NewOverride = { date: string; kind: 'closed' | 'hours' | 'extra'; ranges: TimeRange[]; note: string };

export const useCreateOverride = () =>
  useRefreshingMutation(availabilityKeys, (input: NewOverride) =>
    apiFetch<AvailabilityOverride>('/admin/overrides', { method: 'POST', body: input }),
  );

export const useDeleteOverride = () =>
  useRefreshingMutation(availabilityKeys, (id: string) => apiDelete(`/admin/overrides/${encodeURIComponent(id)}`));

export const useCreateBlock = () =>
  useRefreshingMutation(availabilityKeys, (input: { startsAt: string; endsAt: string; reason: string }) =>
    apiFetch<BlockedPeriod>('/admin/blocks', { method: 'POST', body: input }),
  );

export const useDeleteBlock = () =>
  useRefreshingMutation(availabilityKeys, (id: string) => apiDelete(`/admin/blocks/${encodeURIComponent(id)}`));

export const useCreateFeed = () =>
  useRefreshingMutation([['calendar-feeds']], () =>
    apiFetch<CalendarFeed>('/calendar-feeds', { method: 'POST', body: {} }),
  );

export const useRevokeFeed = () =>
  useRefreshingMutation([['calendar-feeds']], (id: string) => apiDelete(`/calendar-feeds/${encodeURIComponent(id)}`));

const apiDelete = (path: string) => apiFetch<null>(path, { method: 'DELETE' });

export const outsideCalendarsQuery = queryOptions({
  queryKey: ['availability', 'outside-calendars'],
  queryFn: () => apiFetch<OutsideCalendar[]>('/admin/outside-calendars'),
});

export const useAddOutsideCalendar = () =>
  useRefreshingMutation(availabilityKeys, (input: OutsideCalendarInput) =>
    apiFetch<OutsideCalendar>('/admin/outside-calendars', { method: 'POST', body: input }),
  );

export const useRemoveOutsideCalendar = () =>
  useRefreshingMutation(availabilityKeys, (id: string) =>
    apiDelete(`/admin/outside-calendars/${encodeURIComponent(id)}`),
  );
