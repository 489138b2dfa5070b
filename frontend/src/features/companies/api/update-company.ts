import { mutate } from 'swr';
import type { Company, CompanyUpdateBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_KEY } from './get-companies';

/**
 * PUT /api/companies/{id} (CEO only; 403 otherwise), then the companies list is re-read (SPEC
 * point 7: the response is not read). Rejects with ApiError; a 400 carries `errors` per field.
 */
export async function updateCompany(id: string, body: CompanyUpdateBody): Promise<void> {
  await apiRequest<Company>('PUT', `/api/companies/${encodeURIComponent(id)}`, body);
  await mutate(COMPANIES_KEY);
}
