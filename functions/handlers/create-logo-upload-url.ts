import { logoUploadBody, type LogoUploadBody } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import { companyLogoPrefix, presignUploadUnder } from '#functions/storage/photos';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { assertStorageAvailable } from '#functions/billing/quota';
import { takeUploadAllowance } from '#functions/billing/upload-rate';

/**
 * POST /api/companies/{id}/logo/upload {contentType, size} (CEO): a presigned PUT for one logo
 * image (PNG, JPEG or WebP, up to 2 MB) of exactly the declared type and size under the company's
 * logo prefix, tagged pending until PUT /api/companies/{id}/logo records it. Records nothing.
 */
export const handler = apiHandler<LogoUploadBody>('create-logo-upload-url', { body: logoUploadBody }, async ({ caller, params, body }) => {
  // Another company's id is indistinguishable from a missing one.
  if (params.id !== caller.companyId) throw new NotFoundError();
  await requireCompany(caller.companyId);
  await assertStorageAvailable(caller, body.size);
  // Uploads per user and company (a burst and a day: 429 with Retry-After), issue 43 point 7.
  await takeUploadAllowance(caller);
  const { uploadURL, headers } = await presignUploadUnder(companyLogoPrefix(caller.companyId), body.contentType, body.size);
  return json({ uploadURL, headers });
});
