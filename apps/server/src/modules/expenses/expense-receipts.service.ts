import { AppError, type ExpenseReceipt } from '@app/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { expense, expenseReceipt } from '../../db/schema.ts';
import { uuidPattern } from '../../lib/validation.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import type { FileStore } from '../storage/file-store.ts';
import { deleteStoredFile, storeFile } from '../storage/storage.service.ts';
import { auditExpense } from './expense-audit.ts';
import { receiptFilename } from './expenses.service.ts';

export type ReceiptDeps = { db: Db; files: FileStore; maxBytes: number };

async function liveExpense(tx: DbOrTx, id: string) {
  const [row] = uuidPattern.test(id)
    ? await tx
        .select({ id: expense.id })
        .from(expense)
        .where(and(eq(expense.id, id), isNull(expense.deletedAt)))
        .for('update')
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'No such expense.');
  return row;
}

/** Checked before an upload is read, so nobody else can make the server take in a file. */
export async function requireReceiptAccess(
  db: Db,
  { actor, expenseId }: { actor: Actor | null; expenseId: string },
): Promise<Actor> {
  const admin = requireRole(actor, 'admin');
  await liveExpense(db, expenseId);
  return admin;
}

/** A photo or PDF of the receipt, kept under receipts/<expense id>; the file and its link commit together. */
export async function addExpenseReceipt(
  deps: ReceiptDeps,
  { actor, expenseId, upload }: { actor: Actor | null; expenseId: string; upload: { filename: string; bytes: Buffer } },
): Promise<ExpenseReceipt> {
  const admin = requireRole(actor, 'admin');
  return deps.db.transaction(async (tx) => {
    await liveExpense(tx, expenseId);
    const stored = await storeFile(
      { db: tx, files: deps.files },
      {
        folder: `receipts/${expenseId}`,
        filename: upload.filename,
        bytes: upload.bytes,
        uploadedBy: admin.id,
        maxBytes: deps.maxBytes,
        customMetadata: { expenseId },
      },
    );
    const [link] = await tx.insert(expenseReceipt).values({ expenseId, fileId: stored.id }).returning();
    if (!link) throw new Error('expense receipt insert returned no row');
    await auditExpense(tx, {
      admin,
      action: 'expense.receipt_added',
      id: expenseId,
      before: null,
      after: {
        fileId: stored.id,
        name: stored.name,
        contentType: stored.contentType,
        size: stored.size,
      },
    });
    return {
      fileId: stored.id,
      filename: receiptFilename(stored.fullPath),
      contentType: stored.contentType,
      size: stored.size,
      createdAt: link.createdAt.toISOString(),
    };
  });
}

/** Removes a receipt from an expense, and its file from the store. */
export async function removeExpenseReceipt(
  deps: ReceiptDeps,
  { actor, expenseId, fileId }: { actor: Actor | null; expenseId: string; fileId: string },
) {
  const admin = requireRole(actor, 'admin');
  await deps.db.transaction(async (tx) => {
    await liveExpense(tx, expenseId);
    const [link] = uuidPattern.test(fileId)
      ? await tx
          .select()
          .from(expenseReceipt)
          .where(and(eq(expenseReceipt.expenseId, expenseId), eq(expenseReceipt.fileId, fileId)))
      : [];
    if (!link) throw new AppError('NOT_FOUND', 'This expense has no such receipt.');
    await auditExpense(tx, {
      admin,
      action: 'expense.receipt_removed',
      id: expenseId,
      before: { fileId },
      after: null,
    });
    // Last, so the bytes go only once the rest of the change has been made.
    await deleteStoredFile({ db: tx, files: deps.files }, { fileId });
  });
  return { deleted: true as const };
}
