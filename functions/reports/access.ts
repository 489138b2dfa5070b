// Who sees money in reports: the roles that may use Financials (CEO and managers). Staff get the
// task, property and team sections; asking for the financial report alone is refused (403).
import { isManagerRole, type Role } from '#shared/enums';
import type { ReportType } from '#shared/schemas';
import { ForbiddenError } from '#functions/lib/errors';

export function canSeeFinancials(role: Role, type: ReportType): boolean {
  const allowed = isManagerRole(role);
  if (!allowed && type === 'financial') throw new ForbiddenError();
  return allowed;
}
