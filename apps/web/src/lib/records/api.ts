// The practice's records: shared by the client's questionnaire page, the booking confirmation and
// /bookings (the prompt), and the owner's booking sheet.
import type {
  BookingRecordStatus,
  ClientRecord,
  HealthFormInput,
  KnownAboutClient,
  MyQuestionnaire,
  RecordsSettings,
  RecordsSettingsInput,
  TreatmentNote,
  TreatmentNoteFields,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useRefreshingMutation } from '../mutations.ts';

export const myQuestionnaireQuery = queryOptions({
  queryKey: ['records', 'mine'],
  queryFn: () => apiFetch<MyQuestionnaire>('/records/questionnaire'),
  staleTime: 0,
});

export const useSubmitHealthForm = () =>
  useRefreshingMutation(
    [['records']],
    (input: HealthFormInput) => apiFetch<{ id: string }>('/records/questionnaire', { method: 'POST', body: input }),
    'success',
  );

export const bookingRecordStatusQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['records', 'status', bookingId],
    queryFn: async () =>
      (
        await apiFetch<Record<string, BookingRecordStatus>>(
          `/admin/records/statuses?bookingIds=${encodeURIComponent(bookingId)}`,
        )
      )[bookingId] ?? null,
    staleTime: 0,
  });

/** The questionnaire's state for each booking of a list (those with a client account). */
export const bookingsRecordStatusesQuery = (bookingIds: string[]) =>
  queryOptions({
    queryKey: ['records', 'statuses', bookingIds],
    queryFn: () =>
      apiFetch<Record<string, BookingRecordStatus>>(
        `/admin/records/statuses?bookingIds=${encodeURIComponent(bookingIds.join(','))}`,
      ),
    enabled: bookingIds.length > 0,
    staleTime: 0,
  });

export const knownAboutClientQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['records', 'known', bookingId],
    queryFn: () => apiFetch<KnownAboutClient>(`/admin/records/bookings/${encodeURIComponent(bookingId)}/known`),
    staleTime: 0,
  });

export const clientRecordQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['records', 'client', clientId],
    queryFn: () => apiFetch<ClientRecord>(`/admin/records/clients/${encodeURIComponent(clientId)}`),
    staleTime: 0,
  });

export const bookingNotesQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['records', 'notes', bookingId],
    queryFn: () =>
      apiFetch<{ hasClient: boolean; notes: TreatmentNote[]; lastPlan: string | null }>(
        `/admin/records/bookings/${encodeURIComponent(bookingId)}/notes`,
      ),
    staleTime: 0,
  });

export const useAcknowledgeRedFlag = () =>
  useRefreshingMutation([['records']], (id: string) =>
    apiFetch<{ id: string }>(`/admin/records/health/${encodeURIComponent(id)}/acknowledge`, { method: 'POST' }),
  );

export const useWriteNote = () =>
  useRefreshingMutation([['records']], (input: TreatmentNoteFields & { bookingId: string }) =>
    apiFetch<{ id: string }>('/admin/records/notes', { method: 'POST', body: input }),
  );

export const useEditNote = () =>
  useRefreshingMutation([['records']], ({ id, ...fields }: TreatmentNoteFields & { id: string }) =>
    apiFetch<{ id: string }>(`/admin/records/notes/${encodeURIComponent(id)}`, { method: 'PUT', body: fields }),
  );

export const useAmendNote = () =>
  useRefreshingMutation([['records']], ({ id, text }: { id: string; text: string }) =>
    apiFetch<{ id: string }>(`/admin/records/notes/${encodeURIComponent(id)}/amendments`, {
      method: 'POST',
      body: { text },
    }),
  );

export const recordsSettingsQuery = queryOptions({
  queryKey: ['records', 'settings'],
  queryFn: () => apiFetch<RecordsSettings>('/admin/records/settings'),
  staleTime: 0,
});

export const useSaveRecordsSettings = () =>
  useRefreshingMutation(
    [['records']],
    (input: RecordsSettingsInput) =>
      apiFetch<RecordsSettings>('/admin/records/settings', { method: 'PUT', body: input }),
    'success',
  );
