import { mutate } from 'swr';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES, type Company, type CompanyLogoBody, type LogoUploadBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { putToSignedUrl, UPLOAD_URL_RETRY_DELAYS, withoutQuery, withRetries } from '../../../lib/uploads';
import { COMPANIES_KEY } from './get-companies';

export { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES };

const logoPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/logo`;

/** POST /api/companies/{id}/logo/upload (CEO): a presigned PUT for one logo image, valid 300 s. */
export function createLogoUploadUrl(companyId: string, body: LogoUploadBody): Promise<{ uploadURL: string; headers?: Record<string, string> }> {
  return apiRequest<{ uploadURL: string; headers?: Record<string, string> }>('POST', `${logoPath(companyId)}/upload`, body);
}

/** PUT /api/companies/{id}/logo (CEO): records the uploaded image; answers the company with its new logoUrl. */
export function recordCompanyLogo(companyId: string, body: CompanyLogoBody): Promise<Company> {
  return apiRequest<Company>('PUT', logoPath(companyId), body);
}

/** Why a file cannot be the logo, as a key of shared/messages.ts, or undefined when it can. */
export function logoFileProblem(file: { type: string; size: number }): 'logo.notImage' | 'logo.tooLarge' | 'logo.empty' | undefined {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'logo.notImage';
  if (file.size === 0) return 'logo.empty';
  if (file.size > MAX_LOGO_BYTES) return 'logo.tooLarge';
  return undefined;
}

/**
 * The whole change: a URL signed for the file's type, the file PUT straight to storage, then
 * recorded as the logo; every screen's company (GET /api/companies) shows it at once.
 * Rejects with ApiError (the server's reason) or StorageUploadError.
 */
export async function uploadCompanyLogo(companyId: string, file: File): Promise<Company> {
  const contentType = file.type as LogoUploadBody['contentType'];
  const { uploadURL, headers } = await withRetries(() => createLogoUploadUrl(companyId, { contentType, size: file.size }), UPLOAD_URL_RETRY_DELAYS);
  await withRetries(() => putToSignedUrl(uploadURL, file, contentType, headers), [0, 1000, 3000]);
  const company = await recordCompanyLogo(companyId, { logoURL: withoutQuery(uploadURL) });
  await mutate<Company[]>(COMPANIES_KEY, (companies) => (companies ?? [company]).map((each) => (each.id === company.id ? company : each)), {
    revalidate: false,
  });
  return company;
}

/** DELETE /api/companies/{id}/logo (CEO): back to the initials. */
export async function removeCompanyLogo(companyId: string): Promise<void> {
  await apiRequest<void>('DELETE', logoPath(companyId));
  await mutate<Company[]>(COMPANIES_KEY, (companies) => companies?.map((each) => (each.id === companyId ? { ...each, logoUrl: null } : each)), {
    revalidate: true,
  });
}
