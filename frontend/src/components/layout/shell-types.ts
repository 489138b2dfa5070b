// What the shell needs to know, as plain shapes: the app layer passes the current user and the
// first company in (CurrentUser and Company fit these), so shared components import no feature.
import type { Plan } from '#shared/enums';

/** Width of the sidebar (SPEC point 2). */
export const SIDEBAR_WIDTH = '16rem';

export interface ShellUser {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  role?: string | null;
  /** The single unlimited master account: the company widget reads "Conta Master". */
  isMaster?: boolean;
}

export interface ShellCompany {
  id: string;
  name: string;
  plan: Plan;
  logoUrl?: string | null;
}
