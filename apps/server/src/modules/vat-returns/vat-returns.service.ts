// The VAT return: HMRC's obligations, the nine boxes read from the ledger's VAT report with a drill-down to the
// journal lines behind each, the submission with the owner's declaration, HMRC's receipt kept with the figures
// sent, and the ledger locked through the period filed (decision 067).
import {
  AppError,
  accountCodes,
  type DrillDown,
  type DrillDownLine,
  drillDownQuery,
  type NineBoxes,
  obligationsQuery,
  submitVatReturnInput,
  type VatReturnReceipt,
  vatReportQuery,
} from '@app/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { vatReturn } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type QueryRequest, requireRole } from '../auth/actor.ts';
import { vatReport } from '../finances/finances.service.ts';
import {
  fetchLiabilities,
  fetchObligations,
  fetchPayments,
  HmrcError,
  type HmrcReturnBody,
  submitReturn,
} from './hmrc-client.ts';
import { type VatDeps, withHmrc } from './hmrc-connection.ts';
import { takeFilingLock } from './vat-period-lock.ts';

type Request = { actor: Actor | null; fraudHeaders: Record<string, string> };

/** HMRC's refusals in the owner's words; anything else HMRC says is passed on with its code. */
const hmrcMessages: Record<string, string> = {
  DUPLICATE_SUBMISSION: 'HMRC already has a VAT return for this period: it cannot be sent twice.',
  VRN_INVALID: 'HMRC says the VAT registration number is not valid: disconnect and connect again with the right one.',
  INVALID_PERIODKEY: 'HMRC does not know this period: reload the open periods and choose one of them.',
  NOT_FINALISED: 'HMRC needs the declaration ticked before it takes the return.',
  TAX_PERIOD_NOT_ENDED: 'This period has not ended yet: HMRC takes its return from the day after it ends.',
  CLIENT_OR_AGENT_NOT_AUTHORISED: 'HMRC says this connection may not act for this VAT registration number.',
  INVALID_DATE_RANGE: 'HMRC takes at most a year of periods at a time.',
};

/** An HMRC refusal as the API's error: the owner reads why; a fault of HMRC's own is "unavailable". */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof HmrcError)) return error;
  if (error.status === 0 || error.status >= 500)
    return new AppError('HMRC_UNAVAILABLE', 'HMRC could not be reached: nothing was sent. Try again in a moment.', {
      hmrcCode: error.code,
    });
  const message = hmrcMessages[error.code] ?? `HMRC refused: ${error.message} (${error.code})`;
  return new AppError(error.status === 400 ? 'VALIDATION' : 'CONFLICT', message, { hmrcCode: error.code });
}

async function hmrc<T>(deps: VatDeps, call: Parameters<typeof withHmrc<T>>[1]): Promise<T> {
  try {
    return await withHmrc(deps, call);
  } catch (error) {
    throw asAppError(error);
  }
}

export async function listObligations(deps: VatDeps, { actor, query, fraudHeaders }: Request & { query: unknown }) {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(obligationsQuery, query);
  const obligations = await hmrc(deps, (config, vrn, accessToken) =>
    fetchObligations(config, { accessToken, fraudHeaders }, { vrn, from, to }),
  );
  return { obligations: obligations.sort((a, b) => b.start.localeCompare(a.start)) };
}

export async function listLiabilitiesAndPayments(
  deps: VatDeps,
  { actor, query, fraudHeaders }: Request & { query: unknown },
) {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(obligationsQuery, query);
  return hmrc(deps, async (config, vrn, accessToken) => {
    const call = { accessToken, fraudHeaders };
    const [liabilities, payments] = await Promise.all([
      fetchLiabilities(config, call, { vrn, from, to }),
      fetchPayments(config, call, { vrn, from, to }),
    ]);
    return { liabilities, payments };
  });
}

/** The nine boxes of a period from the finances VAT report (the ledger's figures, never computed twice), in pence. */
export async function nineBoxes(deps: VatDeps, { actor, from, to }: { actor: Actor | null; from: string; to: string }) {
  const report = await vatReport(deps.db, { actor, query: { from, to } });
  const boxes: NineBoxes = {
    vatDueSales: report.boxes.box1,
    vatDueAcquisitions: report.boxes.box2,
    totalVatDue: report.boxes.box3,
    vatReclaimedCurrPeriod: report.boxes.box4,
    netVatDue: Math.abs(report.boxes.box5),
    totalValueSalesExVAT: report.boxes.box6,
    totalValuePurchasesExVAT: report.boxes.box7,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
  };
  return { boxes, otherVatMovements: report.otherVatMovements, vatRegistered: report.vatRegistered };
}

export async function previewReturn(deps: VatDeps, { actor, query }: QueryRequest) {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(vatReportQuery, query);
  return nineBoxes(deps, { actor, from, to });
}

/** Boxes 1–5 in pounds and pence; 6–9 in whole pounds, the pence left off as HMRC's form asks. */
export function hmrcBody(periodKey: string, boxes: NineBoxes): HmrcReturnBody {
  const pounds = (pence: number) => Math.round(pence) / 100;
  const wholePounds = (pence: number) => Math.trunc(pence / 100);
  return {
    periodKey,
    vatDueSales: pounds(boxes.vatDueSales),
    vatDueAcquisitions: pounds(boxes.vatDueAcquisitions),
    totalVatDue: pounds(boxes.totalVatDue),
    vatReclaimedCurrPeriod: pounds(boxes.vatReclaimedCurrPeriod),
    netVatDue: pounds(boxes.netVatDue),
    totalValueSalesExVAT: wholePounds(boxes.totalValueSalesExVAT),
    totalValuePurchasesExVAT: wholePounds(boxes.totalValuePurchasesExVAT),
    totalValueGoodsSuppliedExVAT: wholePounds(boxes.totalValueGoodsSuppliedExVAT),
    totalAcquisitionsExVAT: wholePounds(boxes.totalAcquisitionsExVAT),
    finalised: true,
  };
}

/** The figures as sent, back in pence (boxes 6–9 are whole pounds). */
const sentBoxes = (body: HmrcReturnBody): NineBoxes => ({
  vatDueSales: Math.round(body.vatDueSales * 100),
  vatDueAcquisitions: Math.round(body.vatDueAcquisitions * 100),
  totalVatDue: Math.round(body.totalVatDue * 100),
  vatReclaimedCurrPeriod: Math.round(body.vatReclaimedCurrPeriod * 100),
  netVatDue: Math.round(body.netVatDue * 100),
  totalValueSalesExVAT: body.totalValueSalesExVAT * 100,
  totalValuePurchasesExVAT: body.totalValuePurchasesExVAT * 100,
  totalValueGoodsSuppliedExVAT: body.totalValueGoodsSuppliedExVAT * 100,
  totalAcquisitionsExVAT: body.totalAcquisitionsExVAT * 100,
});

/**
 * Files a period's return. The period must be one HMRC lists as open (its dates are HMRC's, not the browser's).
 * The ledger is locked through the period's end before its figures are read, so nothing posted afterwards can
 * slip into figures already sent; if HMRC refuses, the lock is let go and nothing is kept (decision 067).
 */
export async function fileReturn(
  deps: VatDeps,
  { actor, input, fraudHeaders }: Request & { input: unknown },
): Promise<VatReturnReceipt> {
  const owner = requireRole(actor, 'admin');
  const { periodKey, start, end } = parseInput(submitVatReturnInput, input);
  const obligation = await hmrc(deps, async (config, vrn, accessToken) => {
    const listed = await fetchObligations(config, { accessToken, fraudHeaders }, { vrn, from: start, to: end });
    return { vrn, found: listed.find((item) => item.periodKey === periodKey) };
  });
  const { vrn, found } = obligation;
  if (found?.status !== 'O')
    throw new AppError(
      'CONFLICT',
      found
        ? 'HMRC shows this period as already filed: it cannot be sent twice.'
        : 'HMRC lists no open period with this key between these dates: reload the open periods.',
    );
  if (found.end >= todayUtc(deps))
    throw new AppError('CONFLICT', 'This period has not ended yet: HMRC takes its return from the day after it ends.');

  const filing = await deps.db.transaction(async (tx) => {
    await takeFilingLock(tx);
    const [existing] = await tx
      .select({ id: vatReturn.id, status: vatReturn.status })
      .from(vatReturn)
      .where(and(eq(vatReturn.vrn, vrn), eq(vatReturn.periodKey, periodKey)));
    if (existing)
      throw new AppError(
        'CONFLICT',
        existing.status === 'filed'
          ? 'This period has already been filed with HMRC.'
          : 'This period is being sent to HMRC right now.',
      );
    const [row] = await tx
      .insert(vatReturn)
      .values({
        vrn,
        periodKey,
        periodStart: found.start,
        periodEnd: found.end,
        status: 'filing',
        submittedBy: owner.email,
      })
      .returning({ id: vatReturn.id });
    if (!row) throw new Error('vat_return insert returned no row');
    return row;
  });

  try {
    const { boxes } = await nineBoxes(deps, { actor, from: found.start, to: found.end });
    const body = hmrcBody(periodKey, boxes);
    const receipt = await hmrc(deps, (config, vrnNow, accessToken) =>
      submitReturn(config, { accessToken, fraudHeaders }, vrnNow, body),
    );
    const sent = sentBoxes(body);
    const submittedAt = new Date(deps.now?.() ?? Date.now());
    await deps.db.transaction(async (tx) => {
      await tx
        .update(vatReturn)
        .set({
          status: 'filed',
          boxes: sent,
          processingDate: receipt.processingDate,
          formBundleNumber: receipt.formBundleNumber,
          chargeRefNumber: receipt.chargeRefNumber ?? null,
          paymentIndicator: receipt.paymentIndicator ?? null,
          submittedAt,
        })
        .where(eq(vatReturn.id, filing.id));
      await recordAudit(tx, {
        actor: owner,
        action: 'vat_return.submit',
        entityType: 'vat_return',
        entityId: filing.id,
        before: null,
        after: { vrn, periodKey, start: found.start, end: found.end, boxes: sent, receipt },
      });
    });
    return {
      id: filing.id,
      periodKey,
      start: found.start,
      end: found.end,
      boxes: sent,
      processingDate: receipt.processingDate,
      formBundleNumber: receipt.formBundleNumber,
      chargeRefNumber: receipt.chargeRefNumber ?? null,
      paymentIndicator: receipt.paymentIndicator ?? null,
      submittedAt: submittedAt.toISOString(),
      submittedBy: owner.email,
    };
  } catch (error) {
    await deps.db.delete(vatReturn).where(and(eq(vatReturn.id, filing.id), eq(vatReturn.status, 'filing')));
    throw error;
  }
}

function todayUtc(deps: VatDeps): string {
  return new Date(deps.now?.() ?? Date.now()).toISOString().slice(0, 10);
}

export async function listReceipts(deps: VatDeps, { actor }: { actor: Actor | null }): Promise<VatReturnReceipt[]> {
  requireRole(actor, 'admin');
  const rows = await deps.db
    .select()
    .from(vatReturn)
    .where(eq(vatReturn.status, 'filed'))
    .orderBy(desc(vatReturn.periodEnd));
  return rows.map((row) => ({
    id: row.id,
    periodKey: row.periodKey,
    start: row.periodStart,
    end: row.periodEnd,
    boxes: row.boxes as NineBoxes,
    processingDate: row.processingDate ?? '',
    formBundleNumber: row.formBundleNumber ?? '',
    chargeRefNumber: row.chargeRefNumber,
    paymentIndicator: row.paymentIndicator,
    submittedAt: row.submittedAt?.toISOString() ?? '',
    submittedBy: row.submittedBy,
  }));
}

const DRILL_LIMIT = 500;

/**
 * The journal lines behind a box, each with what it adds to the box: box 1 the output VAT lines, 4 the input VAT
 * lines, 3 as 1, 5 as 1 less 4, 6 the income accounts, 7 the expense accounts. Sums agree with the boxes.
 */
export async function drillDown(deps: VatDeps, { actor, query }: QueryRequest): Promise<DrillDown> {
  requireRole(actor, 'admin');
  const { from, to, box } = parseInput(drillDownQuery, query);
  const vat = accountCodes.vat;
  const output = sql`(l.account_code = ${vat} and l.vat_kind = 'output')`;
  const input = sql`(l.account_code = ${vat} and l.vat_kind = 'input')`;
  const ofKind = (kind: string) => sql`l.account_code in (select code from ledger_account where kind = ${kind})`;
  const [filter, amount] = {
    '1': [output, sql`l.credit_pence - l.debit_pence`],
    '3': [output, sql`l.credit_pence - l.debit_pence`],
    '4': [input, sql`l.debit_pence - l.credit_pence`],
    // Output adds, input takes away: both are credit less debit on the VAT account.
    '5': [sql`(${output} or ${input})`, sql`l.credit_pence - l.debit_pence`],
    '6': [ofKind('income'), sql`l.credit_pence - l.debit_pence`],
    '7': [ofKind('expense'), sql`l.debit_pence - l.credit_pence`],
  }[box];
  type Row = {
    entry_id: string;
    number: number;
    date: string;
    description: string;
    account_code: string;
    account_name: string;
    amount: number;
    moved_from: string | null;
    total: number;
    count: number;
  };
  const result = (await deps.db.execute(
    sql`select e.id as entry_id, e.number, to_char(l.date, 'YYYY-MM-DD') as date, e.description, l.account_code,
               a.name as account_name, (${amount})::float8 as amount,
               to_char(m.intended_date, 'YYYY-MM-DD') as moved_from,
               (sum(${amount}) over ())::float8 as total, (count(*) over ())::int as count
          from journal_line l
          join journal_entry e on e.id = l.entry_id
          join ledger_account a on a.code = l.account_code
          left join vat_moved_entry m on m.entry_id = e.id
         where l.date >= ${from} and l.date <= ${to} and ${filter}
         order by l.date, e.number, l.id
         limit ${DRILL_LIMIT}`,
  )) as unknown as { rows: Row[] };
  const rows = result.rows;
  const lines = rows.map(
    (row): DrillDownLine => ({
      entryId: row.entry_id,
      entryNumber: Number(row.number),
      date: row.date,
      description: row.description,
      accountCode: row.account_code,
      accountName: row.account_name,
      amount: Number(row.amount),
      movedFrom: row.moved_from,
    }),
  );
  return {
    box,
    total: Number(rows[0]?.total ?? 0),
    lines,
    truncated: Number(rows[0]?.count ?? 0) > DRILL_LIMIT,
  };
}
