// Who sees money in reports: the roles that may use Financials (CEO and managers). Staff get the
// task, property and team sections; asking for the financial report alone is refused (403).
import { isManagerRole, type Role } from '#shared/enums';
import type { ReportType } from '#shared/schemas';
import { ForbiddenError } from '#functions/lib/errors';
import { scopedPropertyIds } from '#functions/data/property-scope';

export function canSeeFinancials(role: Role, type: ReportType): boolean {
  // Money is company-wide (invoices and expenses need not name a property): not for a member scoped
  // to property groups (issue 41, docs/property-scope.md).
  const allowed = isManagerRole(role) && !scopedPropertyIds();
  if (!allowed && type === 'financial') throw new ForbiddenError();
  return allowed;
}
