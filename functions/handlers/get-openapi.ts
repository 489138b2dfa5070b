import { buildOpenApiDocument } from '#functions/lib/openapi';
import { apiHandler, type HttpResult } from '#functions/lib/http';

/** Built once per function instance: it only changes with a deploy. */
let body: string | undefined;

/** GET /api/v1/openapi.json: the public API's contract (public, cacheable). */
export const handler = apiHandler('get-openapi', {}, async (): Promise<HttpResult> => {
  body ??= JSON.stringify(buildOpenApiDocument());
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
    body,
  };
});
