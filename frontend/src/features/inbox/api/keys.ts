// The inbox's read address, free of React and SWR: the bell's hook uses it, and so does the entry,
// which sends the shell's first reads with the first screen's (app/early-reads.ts).
export const INBOX_KEY = '/api/me/inbox';
