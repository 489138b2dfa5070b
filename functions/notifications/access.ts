import { NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';

/**
 * The notification calls carry a companyId (SPEC point 7); it must be the caller's own. Another
 * company's id is answered like a missing one (404), and nothing is read or written for it.
 */
export function assertOwnCompany(caller: Caller, companyId: string | undefined): void {
  if (companyId !== undefined && companyId !== caller.companyId) throw new NotFoundError();
}
