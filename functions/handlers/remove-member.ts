import { removeMember } from '#functions/team/removal';
import { apiHandler } from '#functions/lib/http';

/** DELETE /api/team/{userId} (CEO): signs them out, frees the e-mail and a seat; their tasks keep the id. */
export const handler = apiHandler('remove-member', {}, async ({ caller, params }) => {
  await removeMember(caller, params.userId);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
