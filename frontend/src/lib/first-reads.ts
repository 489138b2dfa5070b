// A screen's first reads: the SWR keys its first render shows for an address and user. A lazily
// loaded screen (or the shell) exports `firstReads`; app/boot.ts fetches those keys into SWR's
// cache before React draws, so the screen renders once with its data instead of once per answer
// (each answer re-rendering synchronously, in one long task, was most of the office screens'
// blocking time on a phone).

export interface FirstReadsUser {
  id?: string;
  role?: string;
  companyId?: string;
}

export interface FirstReadsLocation {
  pathname: string;
  search: string;
}

/**
 * A key read with the app's SWR fetcher (the common case), or a cache key with its own loader (an
 * infinite list's first page, stored under `unstable_serialize(getKey)` of swr/infinite as `[page]`).
 */
export type FirstRead = string | { key: string; load: () => Promise<unknown> };

export type FirstReads = (location: FirstReadsLocation, user: FirstReadsUser) => readonly FirstRead[];
