import { listApiKeys } from '#functions/data/repositories/api-keys';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('list-api-keys', {}, async ({ caller }) => json(await listApiKeys(caller.companyId)));
