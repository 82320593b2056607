import { z } from 'zod';
import { isoDateField, periodFields } from './fields.ts';

const isoDate = isoDateField();

// Filing the VAT return through HMRC's Making Tax Digital VAT API (decision 067).

/** A VAT registration number as HMRC's API takes it: nine digits, without the GB prefix or spaces. */
export const vrnSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^GB/i, '').replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, 'A VAT registration number is 9 digits (GB and spaces are left out)'));

export const connectHmrcInput = z.object({ vrn: vrnSchema });
export type ConnectHmrcInput = z.input<typeof connectHmrcInput>;

/**
 * What the owner's browser tells about itself for HMRC's fraud-prevention headers (connection method
 * WEB_APP_VIA_SERVER). Sent with every VAT request in the `x-client-context` header as JSON; nothing here is stored.
 */
export const browserContextSchema = z.object({
  userAgent: z.string().min(1).max(1000),
  deviceId: z.uuid(),
  screens: z
    .array(
      z.object({
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        scalingFactor: z.number().positive(),
        colourDepth: z.number().int().positive(),
      }),
    )
    .min(1)
    .max(8),
  windowSize: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  /** Minutes east of UTC, as `-new Date().getTimezoneOffset()`. */
  utcOffsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60),
  webVersion: z.string().min(1).max(40),
});
export type BrowserContext = z.infer<typeof browserContextSchema>;
export const BROWSER_CONTEXT_HEADER = 'x-client-context';

export type HmrcConnection = {
  /** Whether the server has HMRC's client id and secret (HMRC_CLIENT_ID, HMRC_CLIENT_SECRET). */
  configured: boolean;
  connected: boolean;
  vrn: string | null;
  connectedAt: string | null;
  connectedBy: string | null;
  /** HMRC's address the server talks to: the sandbox or production. */
  apiUrl: string;
};

/** A VAT period as HMRC names it: its key and its first and last days. */
export type VatPeriod = { periodKey: string; start: string; end: string };

export type VatObligation = VatPeriod & {
  due: string;
  status: 'O' | 'F';
  received: string | null;
};

export const obligationsQuery = z.object(periodFields);
export type ObligationsQuery = z.input<typeof obligationsQuery>;

/** The nine boxes of a return, in pence (boxes 6 to 9 are sent to HMRC in whole pounds). */
export type NineBoxes = {
  vatDueSales: number;
  vatDueAcquisitions: number;
  totalVatDue: number;
  vatReclaimedCurrPeriod: number;
  netVatDue: number;
  totalValueSalesExVAT: number;
  totalValuePurchasesExVAT: number;
  totalValueGoodsSuppliedExVAT: number;
  totalAcquisitionsExVAT: number;
};
export const nineBoxKeys = [
  'vatDueSales',
  'vatDueAcquisitions',
  'totalVatDue',
  'vatReclaimedCurrPeriod',
  'netVatDue',
  'totalValueSalesExVAT',
  'totalValuePurchasesExVAT',
  'totalValueGoodsSuppliedExVAT',
  'totalAcquisitionsExVAT',
] as const satisfies readonly (keyof NineBoxes)[];

/** The boxes a drill-down lists journal lines for (3 and 5 are sums of 1 and 4; 2, 8 and 9 are EU trade: none). */
export const drillBoxes = ['1', '3', '4', '5', '6', '7'] as const;
export type DrillBox = (typeof drillBoxes)[number];

export const periodPath = z.object({ periodKey: z.string().min(1).max(10) });

export type VatReturnPreview = {
  boxes: NineBoxes;
  /** VAT posted that belongs in no box (manual corrections): the owner should look before filing. */
  otherVatMovements: number;
  /** Whether Business details say the business is VAT registered: if not, no VAT is charged or reclaimed. */
  vatRegistered: boolean;
};

export const drillDownQuery = z.object({
  ...periodFields,
  box: z.enum(drillBoxes),
});
export type DrillDownQuery = z.input<typeof drillDownQuery>;

export type DrillDownLine = {
  entryId: string;
  entryNumber: number;
  date: string;
  description: string;
  accountCode: string;
  accountName: string;
  /** What the line adds to the box, in pence (negative lowers it). */
  amount: number;
  /** A posting dated in a filed period and moved into this one: the day it happened (decision 067). */
  movedFrom: string | null;
};
export type DrillDown = { box: DrillBox; total: number; lines: DrillDownLine[]; truncated: boolean };

export const submitVatReturnInput = z.object({
  periodKey: z.string().min(1).max(10),
  start: isoDate,
  end: isoDate,
  /** HMRC's legal declaration, which the owner must tick. */
  declaration: z.literal(true, {
    message: 'Tick the declaration: the return is true and complete, and once sent it cannot be changed',
  }),
});
export type SubmitVatReturnInput = z.input<typeof submitVatReturnInput>;

export type VatReturnReceipt = VatPeriod & {
  id: string;
  boxes: NineBoxes;
  processingDate: string;
  formBundleNumber: string;
  chargeRefNumber: string | null;
  paymentIndicator: string | null;
  submittedAt: string;
  submittedBy: string;
};

export type VatLiability = {
  from: string;
  to: string;
  type: string;
  originalAmount: number;
  outstandingAmount: number | null;
  due: string | null;
};
export type VatPayment = { amount: number; received: string | null };
