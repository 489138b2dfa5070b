import { useCallback, useRef } from 'react';
import useSWR, { mutate } from 'swr';
import { DEFAULT_TIME_ZONE } from '#shared/enums';
import type { Company } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

export const COMPANIES_KEY = '/api/companies';

export interface CompaniesState {
  companies: Company[];
  /** The first company of the list: the one the screens work with (SPEC point 7). */
  company: Company | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/companies. Refresh after a change with `mutate(COMPANIES_KEY)` from swr. */
export function useCompanies(): CompaniesState {
  const { data, error, isLoading } = useSWR<Company[], ApiError>(COMPANIES_KEY);
  const companies = Array.isArray(data) ? data : [];
  return { companies, company: companies[0], isLoading, error };
}

/**
 * The company's time zone (SPEC: America/New_York when none is chosen), in which every screen shows
 * instants and reads the times typed in; undefined until the company is read (the browser's zone
 * meanwhile).
 */
export function useCompanyTimeZone(): string | undefined {
  const { company } = useCompanies();
  return company ? company.timezone || DEFAULT_TIME_ZONE : undefined;
}

/**
 * For the logo's `onError`: the company's logoUrl is a presigned GET that expires (queries never
 * refetch by themselves), so a logo that fails to load reads the company again, once per URL.
 */
export function useRefreshOnLogoError(logoUrl: string | null | undefined): () => void {
  const refreshedFor = useRef<string | null>(null);
  return useCallback(() => {
    if (!logoUrl || refreshedFor.current === logoUrl) return;
    refreshedFor.current = logoUrl;
    void mutate(COMPANIES_KEY);
  }, [logoUrl]);
}
