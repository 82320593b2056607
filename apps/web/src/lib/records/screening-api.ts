// Screening new clients: the owner's questions and a new client's answers for their booking.
import type {
  PrivateReason,
  ScreeningAnswersInput,
  ScreeningQuestion,
  ScreeningSettings,
  TextSettings,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { freshQuery } from '../fresh-query.ts';
import { useRefreshingMutation } from '../mutations.ts';

export const screeningSettingsQuery = freshQuery<ScreeningSettings>(
  ['records', 'screening'],
  '/admin/records/screening',
);

export const useSaveScreening = () =>
  useRefreshingMutation(
    [['records']],
    (input: ScreeningSettings) =>
      apiFetch<ScreeningSettings>('/admin/records/screening', { method: 'PUT', body: input }),
    'success',
  );

export const bookingScreeningQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['records', 'booking-screening', bookingId],
    queryFn: () =>
      apiFetch<{ questions: ScreeningQuestion[] }>(`/records/bookings/${encodeURIComponent(bookingId)}/screening`),
    retry: false,
  });

export const useAnswerScreening = (bookingId: string) =>
  useRefreshingMutation(
    [['records', 'booking-screening', bookingId]],
    (input: ScreeningAnswersInput) =>
      apiFetch<{ answered: number }>(`/records/bookings/${encodeURIComponent(bookingId)}/screening`, {
        method: 'POST',
        body: input,
      }),
    'success',
  );

export const clientPrivateReasonsQuery = (clientId: string) =>
  freshQuery<{ reasons: PrivateReason[] }>(
    ['records', 'private-reasons', clientId],
    `/admin/records/clients/${encodeURIComponent(clientId)}/private-reasons`,
  );

/** Blocks the client (again) with the owner's private reason, kept in the same transaction as the block. */
export const useBlockWithReason = (clientId: string) =>
  useRefreshingMutation([['records'], ['customers']], (privateReason: string) =>
    apiFetch<unknown>(`/admin/customers/${encodeURIComponent(clientId)}/policy`, {
      method: 'PUT',
      body: { policy: 'blocked', privateReason },
    }),
  );

/** The texts' option, reused: whether a new client's mobile number must be verified by a texted code first. */
export const phoneGateQuery = queryOptions({
  queryKey: ['texts', 'settings'],
  queryFn: () => apiFetch<TextSettings>('/admin/text-settings'),
});

export const useSavePhoneGate = () =>
  useRefreshingMutation([['texts']], (requireVerifiedPhone: boolean) =>
    apiFetch<TextSettings>('/admin/text-settings', { method: 'PUT', body: { requireVerifiedPhone } }),
  );
