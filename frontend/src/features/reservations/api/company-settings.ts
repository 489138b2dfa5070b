import useSWR, { mutate } from 'swr';
import type { CompanySettingsBody } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { companySettingsKey } from './keys';
import type { CompanySettings } from './types';

export interface CompanySettingsState {
  settings: CompanySettings | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/companies/{id}/settings: automatic turnovers, standard check-in / check-out hours, team settings. */
export function useCompanySettings(companyId: string | undefined): CompanySettingsState {
  const { data, error, isLoading } = useSWR<CompanySettings, ApiError>(companyId ? companySettingsKey(companyId) : null);
  return { settings: data, isLoading, error };
}

/** PUT /api/companies/{id}/settings (CEO and managers): the fields given change. */
export async function updateCompanySettings(companyId: string, body: CompanySettingsBody): Promise<CompanySettings> {
  const settings = await apiRequest<CompanySettings>('PUT', companySettingsKey(companyId), body);
  await mutate(companySettingsKey(companyId), settings, { revalidate: false });
  return settings;
}
