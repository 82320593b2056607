import {
  AppError,
  type BankDepositView,
  type BankTransferSettings,
  type BankTransfersAnswer,
  bankTransferSettingsSchema,
  type MatchStatementResult,
  matchStatementInput,
} from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { BookingDeps } from '../../app-context.ts';
import { bankTransferDeposit, bankTransferSettings, booking } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { now } from '../bookings/booking-state.ts';
import { parseBankStatement } from '../expenses/bank-statement.ts';
import {
  BANK_HOLD_RELEASED_BY_OWNER,
  type BankDepositRow,
  readBankTransferSettings,
  receiveBankDeposit,
  refundBankDeposit,
  releaseBankHold,
} from './bank-transfer-deposits.ts';

// The owner's side of deposits by bank transfer (decision 066): the settings, the list, matching a statement,
// marking one received and paying one back.

type Request = { actor: Actor | null };

async function depositViews(deps: BookingDeps): Promise<BankDepositView[]> {
  const rows = await deps.db
    .select({ deposit: bankTransferDeposit, startsAt: booking.startsAt, clientName: booking.clientName })
    .from(bankTransferDeposit)
    .innerJoin(booking, eq(booking.id, bankTransferDeposit.bookingId))
    .orderBy(desc(bankTransferDeposit.createdAt))
    .limit(200);
  return rows.map(({ deposit, startsAt, clientName }) => ({
    id: deposit.id,
    bookingId: deposit.bookingId,
    startsAt: startsAt.toISOString(),
    clientName,
    reference: deposit.reference,
    amountPence: deposit.amountPence,
    status: deposit.status,
    settlement: deposit.settlement,
    holdExpiresAt: deposit.holdExpiresAt.toISOString(),
    receivedAt: deposit.receivedAt?.toISOString() ?? null,
    matchedBy: deposit.matchedBy,
  }));
}

export async function getBankTransfers(deps: BookingDeps, request: Request): Promise<BankTransfersAnswer> {
  requireRole(request.actor, 'admin');
  return { settings: await readBankTransferSettings(deps.db), deposits: await depositViews(deps) };
}

/** The deposit, the hold and the account details, saved in one row; the change is kept in the audit log. */
export async function setBankTransferSettings(
  deps: BookingDeps,
  request: Request & { input: unknown },
): Promise<BankTransfersAnswer> {
  const actor = requireRole(request.actor, 'admin');
  const input: BankTransferSettings = parseInput(bankTransferSettingsSchema, request.input);
  await deps.db.transaction(async (tx) => {
    const before = await readBankTransferSettings(tx);
    await saveSingleRow(tx, bankTransferSettings, input);
    await recordAudit(tx, {
      actor,
      action: 'payments.bank_transfers',
      entityType: 'setting',
      entityId: 'bank_transfer_settings',
      before,
      after: input,
    });
  });
  return getBankTransfers(deps, request);
}

/** Letters and digits only, upper case: a reference survives whatever spacing or dashes the bank adds. */
const squeezed = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Reads a bank statement export (the same file, read by the same parser, as the expenses import) and marks received
 * each awaited deposit whose reference and exact amount appear on a money-in line. Each deposit is received in its
 * own transaction, once: importing the same statement again matches nothing more.
 */
export async function matchBankStatement(
  deps: BookingDeps,
  request: Request & { input: unknown },
): Promise<MatchStatementResult> {
  const admin = requireRole(request.actor, 'admin');
  const { csv } = parseInput(matchStatementInput, request.input);
  const statement = parseBankStatement(csv);
  // The reference may sit in a column other than the one read as the description (a Reference beside a Name).
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const moneyIn = statement.lines
    .filter((line) => line.outPence < 0)
    .map((line) => ({
      line: line.line,
      amountPence: -line.outPence,
      text: squeezed((rows[line.line - 1] ?? []).join(' ')),
    }));
  const awaited = await deps.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.status, 'awaiting'));
  const matched: MatchStatementResult['matched'] = [];
  for (const deposit of awaited) {
    const found = moneyIn.find(
      (line) => line.amountPence === deposit.amountPence && line.text.includes(deposit.reference),
    );
    if (!found) continue;
    const received = await receive(deps, { deposit, matchedBy: 'statement', by: admin });
    if (received) matched.push({ reference: deposit.reference, amountPence: deposit.amountPence, line: found.line });
  }
  return { matched };
}

async function receive(
  deps: BookingDeps,
  request: { deposit: BankDepositRow; matchedBy: 'statement' | 'owner'; by: Actor },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(booking).where(eq(booking.id, request.deposit.bookingId)).for('update');
    const [still] = await tx
      .select()
      .from(bankTransferDeposit)
      .where(eq(bankTransferDeposit.id, request.deposit.id))
      .for('update');
    if (!row || !still) return false;
    const done = await receiveBankDeposit(
      { ...deps, tx },
      { row, deposit: still, matchedBy: request.matchedBy, by: request.by.id },
    );
    if (done)
      await recordAudit(tx, {
        actor: request.by,
        action: 'payments.bank_deposit_received',
        entityType: 'booking',
        entityId: row.id,
        before: null,
        after: { reference: still.reference, amountPence: still.amountPence, matchedBy: request.matchedBy },
      });
    return done;
  });
}

async function depositById(deps: BookingDeps, id: string) {
  const [found] = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.id, id))
    : [];
  if (!found) throw new AppError('NOT_FOUND', 'No such deposit.');
  return found;
}

/** The owner saw the money arrive: the deposit is received as a matched one would be. */
export async function markBankDepositReceived(deps: BookingDeps, request: Request & { id: string }) {
  const admin = requireRole(request.actor, 'admin');
  const deposit = await depositById(deps, request.id);
  if (deposit.status !== 'awaiting')
    throw new AppError(
      'CONFLICT',
      deposit.status === 'received'
        ? 'This deposit is already received.'
        : 'This booking was released: its time is no longer held. Book it again if the money arrived.',
    );
  if (!(await receive(deps, { deposit, matchedBy: 'owner', by: admin })))
    throw new AppError('CONFLICT', 'This booking no longer waits for its deposit.');
  return getBankTransfers(deps, request);
}

/** A held deposit paid back to the client by bank transfer (the booking cancelled, or a goodwill refund). */
export async function refundBankDepositByOwner(deps: BookingDeps, request: Request & { id: string }) {
  const admin = requireRole(request.actor, 'admin');
  const deposit = await depositById(deps, request.id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(booking).where(eq(booking.id, deposit.bookingId)).for('update');
    const [still] = await tx
      .select()
      .from(bankTransferDeposit)
      .where(and(eq(bankTransferDeposit.id, deposit.id), eq(bankTransferDeposit.settlement, 'held')))
      .for('update');
    if (!row || !still) throw new AppError('CONFLICT', 'Only a deposit still held can be paid back.');
    await refundBankDeposit(tx, {
      timeZone: deps.env.BUSINESS_TIME_ZONE,
      row,
      deposit: still,
      at: now(deps),
      by: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'payments.bank_deposit_refunded',
      entityType: 'booking',
      entityId: row.id,
      before: null,
      after: { reference: still.reference, amountPence: still.amountPence },
    });
  });
  return getBankTransfers(deps, request);
}

/** The owner gives up waiting: the booking's time is released now, as at its deadline, and the client emailed. */
export async function releaseBankDepositByOwner(deps: BookingDeps, request: Request & { id: string }) {
  const admin = requireRole(request.actor, 'admin');
  const deposit = await depositById(deps, request.id);
  await deps.db.transaction(async (tx) => {
    const released = await releaseBankHold({ ...deps, tx }, { id: deposit.id, reason: BANK_HOLD_RELEASED_BY_OWNER });
    if (!released) throw new AppError('CONFLICT', 'This deposit is no longer awaited.');
    await recordAudit(tx, {
      actor: admin,
      action: 'payments.bank_deposit_released',
      entityType: 'booking',
      entityId: deposit.bookingId,
      before: null,
      after: { reference: deposit.reference },
    });
  });
  return getBankTransfers(deps, request);
}
