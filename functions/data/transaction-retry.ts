// Concurrent transactions on one item (two cleaners' taps on one checklist, photos on one task) are
// cancelled by DynamoDB with TransactionConflict rather than queued: such a write is tried again
// after a short jittered pause. A failed condition is not a conflict: callers decide about those.

/** DynamoDB cancelled the transaction because another one held an item (no condition failed). */
export function isTransactionConflict(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** A short pause before attempt `attempt + 1`: jittered and growing (about 10 ms, up to 300 ms). */
export const conflictBackoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(300, 10 * 2 ** attempt)));

export const CONFLICT_ATTEMPTS = 10;

/** Runs `write`, again after a pause while it meets transaction conflicts (at most CONFLICT_ATTEMPTS times). */
export async function retryOnTransactionConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await conflictBackoff(attempt);
    }
  }
}
