// Storage quota (issue 22 point 5): what a company stores (task photos, checklist proof, its logo)
// is counted in bytes as the object really is in the bucket (HeadObject through the storage port,
// never the uploader's claim), added when an upload is recorded and taken off when an object is
// deleted. A new upload URL is refused (403, the plan's message) when the declared size would take
// the company past its plan's storage; the master account is never at a limit.
import { formatBytes } from '#shared/subscription';
import { UNLIMITED } from '#shared/plans';
import { requireCompany } from '#functions/data/repositories/companies';
import { storageUsage } from './usage';
import { addStoredBytes, storedBytesDelta } from '#functions/data/repositories/storage-usage';
import type { TransactItem } from '#functions/data/db';
import { PlanLimitError } from '#functions/lib/errors';
import { describeObject } from '#functions/storage/photos';

/**
 * Before an upload URL is issued: refuses (403 storage.limitReached, with the plan's allowance) when
 * `declaredBytes` more would pass the plan's storage. An undeclared size counts as 1 byte: a company
 * already at its limit gets no URL at all.
 */
export async function assertStorageAvailable(caller: { companyId: string; isMaster: boolean }, declaredBytes: number | undefined): Promise<void> {
  if (caller.isMaster) return;
  const company = await requireCompany(caller.companyId);
  const { usedBytes, limitBytes } = await storageUsage(company.id, company.plan);
  if (limitBytes === UNLIMITED) return;
  if (usedBytes + Math.max(1, declaredBytes ?? 1) > limitBytes) {
    throw new PlanLimitError('storage.limitReached', { plan: `plan.${company.plan}`, limit: formatBytes(limitBytes), used: formatBytes(usedBytes) });
  }
}

/** The size an object really has in the bucket (0 when there is none). */
export async function storedSize(key: string): Promise<number> {
  return (await describeObject(key))?.size ?? 0;
}

/** A transaction item counting a recorded upload at its real size (for the record's own transaction). */
export async function countUpload(companyId: string, key: string): Promise<TransactItem[]> {
  const item = storedBytesDelta(companyId, await storedSize(key));
  return item ? [item] : [];
}

/** Counts an upload recorded outside a transaction of ours (the logo: one update of the company). */
export async function countUploadNow(companyId: string, key: string): Promise<void> {
  await addStoredBytes(companyId, await storedSize(key));
}

/**
 * Takes an object about to be deleted off the counter: its size is read before the deletion (so
 * call this first, then delete). A missing object counts 0.
 */
export async function uncountObject(companyId: string, key: string): Promise<void> {
  await addStoredBytes(companyId, -(await storedSize(key)));
}
