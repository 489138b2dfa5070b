import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { preferencesKey } from '../api/get-notification-preferences';
import type { FirstReads } from '../../../lib/first-reads';
import { CompanySelect } from '../components/CompanySelect';
import { NotificationHistoryList } from '../components/NotificationHistoryList';
import { PreferencesPanel } from '../components/PreferencesPanel';
import { RestrictedAccessCard } from '../components/RestrictedAccessCard';
import { TestSmsCard } from '../components/TestSmsCard';

// The forms of the Email and Envio Manual tabs (zod's schemas, react-hook-form) load when their tab
// is first shown, not with the settings tab the screen opens on.
const SmtpSettingsCard = lazy(() => import('../components/SmtpSettingsCard').then((module) => ({ default: module.SmtpSettingsCard })));
const ConfirmationEmailCard = lazy(() => import('../components/ConfirmationEmailCard').then((module) => ({ default: module.ConfirmationEmailCard })));
const ManualSendCard = lazy(() => import('../components/ManualSendCard').then((module) => ({ default: module.ManualSendCard })));

const TABS = ['settings', 'email', 'test', 'manual'] as const;
type TabName = (typeof TABS)[number];
const isTab = (value: string | null): value is TabName => (TABS as readonly (string | null)[]).includes(value);

/**
 * What the screen's first render shows (app/boot.ts loads it before React draws): the CEO's
 * preferences of the company (its settings tab, the default one); the other tabs read on opening.
 */
export const firstReads: FirstReads = ({ search }, user) =>
  user.role === 'ceo' && user.companyId && !new URLSearchParams(search).get('tab') ? [preferencesKey(user.companyId)] : [];

/**
 * Notificações (SPEC point 2): the company selector Empresa and the tabs Configurações, Email,
 * Teste and Envio Manual. Only the CEO uses them; everyone else sees Acesso Restrito on every tab
 * (and the server answers 403), and no CEO-only call is made for them. `?tab=` keeps the tab.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const { user } = useCurrentUser();
  const { companies, isLoading: companiesLoading } = useCompanies();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'settings';
  // The company chosen in the picker; the first one until then (derived, not copied in an effect:
  // that drew the screen twice on mount).
  const [chosenCompanyId, setCompanyId] = useState<string>();
  const companyId = chosenCompanyId ?? companies[0]?.id;

  const isCeo = user?.role === 'ceo';
  const selectTab = (next: TabName) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'settings') params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true });
  };

  let panel: ReactNode = null;
  if (!isCeo) panel = <RestrictedAccessCard />;
  else if (companyId && user) {
    panel = {
      settings: <PreferencesPanel companyId={companyId} userId={user.id} />,
      email: (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <SmtpSettingsCard key={companyId} companyId={companyId} />
          <ConfirmationEmailCard companyId={companyId} />
        </Box>
      ),
      test: <TestSmsCard companyId={companyId} />,
      manual: (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ManualSendCard companyId={companyId} />
          <NotificationHistoryList companyId={companyId} />
        </Box>
      ),
    }[tab];
  }

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        subtitle={t('notifications.subtitle')}
        actions={
          <CompanySelect
            companies={companies.map(({ id, name }) => ({ id, name }))}
            value={companyId}
            onChange={setCompanyId}
            disabled={companiesLoading}
          />
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => selectTab(next)}
          aria-label={t('notifications.tabs.label')}
          variant="scrollable"
          // On a phone the four tabs do not fit: arrows say there is more (MUI hides them on touch by default).
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`notifications.tabs.${name}`)}
              id={`${idPrefix}-tab-${name}`}
              aria-controls={`${idPrefix}-panel-${name}`}
              sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${idPrefix}-panel-${tab}`} aria-labelledby={`${idPrefix}-tab-${tab}`} sx={{ maxWidth: 960 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>{panel}</Suspense>
      </Box>
    </>
  );
}
