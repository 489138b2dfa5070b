// The sidebar badge's read address, free of React and SWR: get-tasks.ts's hook uses it, and so does
// the entry, which sends the shell's first reads with the first screen's (app/early-reads.ts).

/** Dashboard metrics hold the pending-task counter (kept in the same write as every task change). */
export const PENDING_COUNT_KEY = '/api/dashboard/metrics';
