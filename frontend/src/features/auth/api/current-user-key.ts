// The session check's address, free of React and SWR: get-current-user.ts's hook uses it, and so does
// the entry, which sends it with the first screen's reads (app/early-reads.ts).

/** Also preloaded by index.html, so the session check runs while the scripts download. */
export const CURRENT_USER_KEY = '/api/auth/user';
