// The company list's address, free of React and SWR: get-companies.ts's hooks use it, and so does the
// entry, which sends it with the first screen's reads (app/early-reads.ts; boot seeds it for every
// signed-in screen).
export const COMPANIES_KEY = '/api/companies';
