import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { BrandLogo } from '../ui/BrandLogo';
import { LanguageSwitcher } from '../ui/LanguageSwitcher';
import { CompanyWidget } from './CompanyWidget';
import { NavMenu } from './NavMenu';
import { SidebarUser } from './SidebarUser';
import type { ShellCompany, ShellUser } from './shell-types';

export interface SidebarProps {
  user: ShellUser;
  /** The first company of GET /api/companies. */
  company: ShellCompany | undefined;
  companyLoading?: boolean;
  pendingTaskCount: number;
  onEditCompany: () => void;
  onChangeLogo: () => void;
  /** The company logo did not load (see CompanyWidget). */
  onLogoError?: () => void;
  onLogout: () => void;
  /** Called after a navigation entry is chosen (the phone drawer closes). */
  onNavigate?: () => void;
  /** Shown next to the language switcher (the notification bell; AppShell passes it on desktop only). */
  headerActions?: ReactNode;
}

/** Sidebar content: brand and language, company widget, navigation, user footer. */
export const Sidebar = memo(function Sidebar({
  user,
  company,
  companyLoading,
  pendingTaskCount,
  onEditCompany,
  onChangeLogo,
  onLogoError,
  onLogout,
  onNavigate,
  headerActions,
}: SidebarProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 2, pb: 1.5 }}>
        <BrandLogo size="small" />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LanguageSwitcher />
          {headerActions}
        </Box>
      </Box>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        <CompanyWidget
          company={company}
          loading={companyLoading}
          isMaster={user.isMaster}
          canEdit={user.role === 'ceo'}
          onEditCompany={onEditCompany}
          onChangeLogo={onChangeLogo}
          onLogoError={onLogoError}
        />
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        <NavMenu pendingTaskCount={pendingTaskCount} onNavigate={onNavigate} role={user.role} isMaster={user.isMaster} />
      </Box>
      <Divider />
      <SidebarUser user={user} onLogout={onLogout} />
    </Box>
  );
});
