import { apiKeyBody, type ApiKeyBody } from '#shared/schemas';
import { createApiKey } from '#functions/data/repositories/api-keys';
import { PlanFeatureError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { getCompany } from '#functions/data/repositories/companies';
import { planAllows } from '#shared/integrations';

/**
 * A new API key (CEO): answered with the key this once, then only its prefix is ever shown. The
 * route's feature (api-read) lets Professional and Enterprise in; a `write` scope needs Enterprise.
 */
export const handler = apiHandler<ApiKeyBody>('create-api-key', { body: apiKeyBody }, async ({ caller, body }) => {
  if (body.scopes.includes('write')) {
    const company = await getCompany(caller.companyId);
    const plan = company?.plan ?? 'trial';
    if (!planAllows(plan, 'api-write')) throw new PlanFeatureError(plan, 'enterprise');
  }
  const { record, key } = await createApiKey(caller.companyId, body, caller.userId);
  return json({ ...record, key }, 201);
});
