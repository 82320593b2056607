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
import { freshQuery } from '../fresh-query.ts';
import { useRefreshingMutation } from '../mutations.ts';

export const myQuestionnaireQuery = freshQuery<MyQuestionnaire>(['records', 'mine'], '/records/questionnaire');

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
  freshQuery<KnownAboutClient>(
    ['records', 'known', bookingId],
    `/admin/records/bookings/${encodeURIComponent(bookingId)}/known`,
  );

export const clientRecordQuery = (clientId: string) =>
  freshQuery<ClientRecord>(['records', 'client', clientId], `/admin/records/clients/${encodeURIComponent(clientId)}`);

export const bookingNotesQuery = (bookingId: string) =>
  freshQuery<{ hasClient: boolean; notes: TreatmentNote[]; lastPlan: string | null }>(
    ['records', 'notes', bookingId],
    `/admin/records/bookings/${encodeURIComponent(bookingId)}/notes`,
  );

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

export const recordsSettingsQuery = freshQuery<RecordsSettings>(['records', 'settings'], '/admin/records/settings');

export const useSaveRecordsSettings = () =>
  useRefreshingMutation(
    [['records']],
    (input: RecordsSettingsInput) =>
      apiFetch<RecordsSettings>('/admin/records/settings', { method: 'PUT', body: input }),
    'success',
  );
