import { listIntegrationAudit } from '#functions/data/repositories/integration-audit';
import { apiHandler, json } from '#functions/lib/http';

/** The company's integration history: keys and webhooks made, changed and revoked, newest first. */
export const handler = apiHandler('list-integration-activity', {}, async ({ caller }) => json(await listIntegrationAudit(caller.companyId)));
