import { ownerStatements } from '#functions/owners/portal';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/statements (owner): the ended months of each of their properties (download: GET /api/properties/{id}/owner-report?month=). */
export const handler = apiHandler('list-owner-statements', {}, async ({ caller }) => json(await ownerStatements(caller)));
