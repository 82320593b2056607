import type {
  DrillBox,
  DrillDown,
  HmrcConnection,
  SubmitVatReturnInput,
  VatLiability,
  VatObligation,
  VatPayment,
  VatReturnPreview,
  VatReturnReceipt,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';
import { browserContextHeaders } from './fraud-context.ts';

export type Period = { from: string; to: string };

export const connectionQuery = () =>
  queryOptions({
    queryKey: ['vat', 'connection'],
    queryFn: () => apiFetch<HmrcConnection>('/admin/vat/connection'),
  });

/** Every call that reaches HMRC carries the browser's details for its fraud-prevention headers. */
export const obligationsQuery = (period: Period) =>
  queryOptions({
    queryKey: ['vat', 'obligations', period],
    queryFn: () =>
      apiFetch<{ obligations: VatObligation[] }>(`/admin/vat/obligations?${new URLSearchParams(period)}`, {
        headers: browserContextHeaders(),
      }),
    retry: false,
  });

export const liabilitiesQuery = (period: Period) =>
  queryOptions({
    queryKey: ['vat', 'liabilities', period],
    queryFn: () =>
      apiFetch<{ liabilities: VatLiability[]; payments: VatPayment[] }>(
        `/admin/vat/liabilities?${new URLSearchParams(period)}`,
        { headers: browserContextHeaders() },
      ),
    retry: false,
  });

export const boxesQuery = (period: Period) =>
  queryOptions({
    queryKey: ['vat', 'boxes', period],
    queryFn: () => apiFetch<VatReturnPreview>(`/admin/vat/boxes?${new URLSearchParams(period)}`),
  });

export const drillDownQuery = (period: Period, box: DrillBox) =>
  queryOptions({
    queryKey: ['vat', 'drill-down', period, box],
    queryFn: () => apiFetch<DrillDown>(`/admin/vat/drill-down?${new URLSearchParams({ ...period, box })}`),
  });

export const receiptsQuery = () =>
  queryOptions({
    queryKey: ['vat', 'returns'],
    queryFn: () => apiFetch<VatReturnReceipt[]>('/admin/vat/returns'),
  });

export const useStartConnection = () =>
  useRefreshingMutation([['vat']], (vrn: string) =>
    apiFetch<{ authorizeUrl: string }>('/admin/vat/connection', { method: 'POST', body: { vrn } }),
  );

export const useDisconnect = () =>
  useRefreshingMutation([['vat']], () => apiFetch<void>('/admin/vat/connection', { method: 'DELETE' }));

export const useSubmitReturn = () =>
  useRefreshingMutation([['vat'], ['finances'], ['ledger']], (input: SubmitVatReturnInput) =>
    apiFetch<VatReturnReceipt>('/admin/vat/returns', {
      method: 'POST',
      body: input,
      headers: browserContextHeaders(),
    }),
  );
