import type { EmailKind, EmailSettings, EmailTemplate, EmailTemplateInput, emailStatusList } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

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
    queryFn: () => {
      const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
      if (params.status) query.set('status', params.status);
      if (params.q) query.set('q', params.q);
      return apiFetch<{ total: number; emails: OutboxEmail[] }>(`/admin/emails?${query}`);
    },
    placeholderData: keepPreviousData,
    // The outbox changes while the page is open (sending, retries): a visit shows it as it is now.
    staleTime: 0,
  });

export const templatesQuery = queryOptions({
  queryKey: ['emails', 'templates'],
  queryFn: async () => (await apiFetch<{ templates: EmailTemplate[] }>('/admin/email-templates')).templates,
});

export const templatePreviewQuery = (kind: EmailKind, input: EmailTemplateInput) =>
  queryOptions({
    queryKey: ['emails', 'preview', kind, input],
    queryFn: ({ signal }) =>
      apiFetch<EmailPreview>(`/admin/email-templates/${encodeURIComponent(kind)}/preview`, {
        method: 'POST',
        body: input,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

function useInvalidateEmails() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['emails'] });
}

export function useResendEmail() {
  const invalidate = useInvalidateEmails();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ id: string }>(`/admin/emails/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useSaveTemplate() {
  const invalidate = useInvalidateEmails();
  return useMutation({
    mutationFn: ({ kind, ...input }: EmailTemplateInput & { kind: EmailKind }) =>
      apiFetch<void>(`/admin/email-templates/${encodeURIComponent(kind)}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useRestoreTemplate() {
  const invalidate = useInvalidateEmails();
  return useMutation({
    mutationFn: (kind: EmailKind) =>
      apiFetch<void>(`/admin/email-templates/${encodeURIComponent(kind)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export const emailSettingsQuery = queryOptions({
  queryKey: ['emails', 'settings'],
  queryFn: () => apiFetch<EmailSettings>('/admin/email-settings'),
});

export function useSaveEmailSettings() {
  const invalidate = useInvalidateEmails();
  return useMutation({
    mutationFn: (input: EmailSettings) =>
      apiFetch<EmailSettings>('/admin/email-settings', { method: 'PUT', body: input }),
    onSettled: invalidate,
  });
}

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
