import type { EmailKind, EmailSettings, EmailTemplate, EmailTemplateInput, emailStatusList } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

export type EmailStatus = (typeof emailStatusList)[number];

export type OutboxEmail = {
  id: string;
  recipient: string;
  subject: string;
  kind: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type EmailPreview = { subject: string; text: string; html: string; unknownVariables: string[] };

export type OutboxParams = { status: EmailStatus | null; q: string; page: number; pageSize: number };

export const outboxQuery = (params: OutboxParams) =>
  queryOptions({
    queryKey: ['emails', 'outbox', params],
    queryFn: () =>
      apiFetch<{ total: number; emails: OutboxEmail[] }>(
        `/admin/emails?${listQueryString({ page: params.page, pageSize: params.pageSize, status: params.status, q: params.q })}`,
      ),
    placeholderData: keepPreviousData,
    // The outbox changes while the page is open (sending, retries): a visit shows it as it is now.
    staleTime: 0,
  });

export const templatesQuery = queryOptions({
  queryKey: ['emails', 'templates'],
  queryFn: async () => (await apiFetch<{ templates: EmailTemplate[] }>('/admin/email-templates')).templates,
});

const templatePath = (kind: EmailKind) => `/admin/email-templates/${encodeURIComponent(kind)}`;

export const templatePreviewQuery = (kind: EmailKind, input: EmailTemplateInput) =>
  queryOptions({
    queryKey: ['emails', 'preview', kind, input],
    queryFn: ({ signal }) =>
      apiFetch<EmailPreview>(`${templatePath(kind)}/preview`, {
        method: 'POST',
        body: input,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useResendEmail = () =>
  useRefreshingMutation([['emails']], (id: string) =>
    apiFetch<{ id: string }>(`/admin/emails/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
  );

export const useSaveTemplate = () =>
  useRefreshingMutation(
    [['emails']],
    ({ kind, ...input }: EmailTemplateInput & { kind: EmailKind }) =>
      apiFetch<void>(templatePath(kind), { method: 'PUT', body: input }),
    'success',
  );

export const useRestoreTemplate = () =>
  useRefreshingMutation(
    [['emails']],
    (kind: EmailKind) => apiFetch<void>(templatePath(kind), { method: 'DELETE' }),
    'success',
  );

export const emailSettingsQuery = queryOptions({
  queryKey: ['emails', 'settings'],
  queryFn: () => apiFetch<EmailSettings>('/admin/email-settings'),
});

export const useSaveEmailSettings = () =>
  useRefreshingMutation([['emails']], (input: EmailSettings) =>
    apiFetch<EmailSettings>('/admin/email-settings', { method: 'PUT', body: input }),
  );

export type EmailDetail = OutboxEmail & {
  text: string;
  html: string | null;
  attachments: { index: number; filename: string; contentType: string; sizeBytes: number }[];
};

export const emailQuery = (id: string) =>
  queryOptions({
    queryKey: ['emails', 'one', id],
    queryFn: () => apiFetch<EmailDetail>(`/admin/emails/${encodeURIComponent(id)}`),
  });

export const attachmentUrl = (emailId: string, index: number) =>
  `/api/admin/emails/${encodeURIComponent(emailId)}/attachments/${index}`;
