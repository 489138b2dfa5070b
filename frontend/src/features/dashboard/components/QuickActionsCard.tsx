import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AddHomeWorkRoundedIcon from '#icons/AddHomeWorkRounded';
import AddRoundedIcon from '#icons/AddRounded';
import AssessmentRoundedIcon from '#icons/AssessmentRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { DashboardPanel } from './DashboardPanel';

/** The properties screen opens its "add property" dialog when the address carries `?new=1`. */
export const ADD_PROPERTY_PATH = `${paths.properties}?new=1`;

export interface QuickActionsCardProps {
  /** Create New Task and Add Property are for ceo and operational_manager (the server refuses staff). */
  canManage: boolean;
  onCreateTask: () => void;
}

interface Action {
  key: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
  to?: string;
  onClick?: () => void;
}

/** Quick actions: Create New Task (the task dialog), Add Property, Generate Report (/reports). */
export function QuickActionsCard({ canManage, onCreateTask }: QuickActionsCardProps) {
  const { t } = useTranslation();
  const actions: Action[] = [
    ...(canManage
      ? [
          { key: 'createTask', label: t('dashboard.quickActions.createTask'), icon: AddRoundedIcon, onClick: onCreateTask },
          { key: 'addProperty', label: t('dashboard.quickActions.addProperty'), icon: AddHomeWorkRoundedIcon, to: ADD_PROPERTY_PATH },
        ]
      : []),
    { key: 'report', label: t('dashboard.quickActions.generateReport'), icon: AssessmentRoundedIcon, to: paths.reports },
  ];
  return (
    <DashboardPanel title={t('dashboard.quickActions.title')}>
      <Box sx={{ display: 'grid', gap: 1, px: 1.5, pt: 0.5, pb: 0.5 }}>
        {actions.map(({ key, label, icon: Icon, to, onClick }, index) => {
          const common = {
            variant: index === 0 ? ('contained' as const) : ('outlined' as const),
            startIcon: <Icon />,
            fullWidth: true,
            sx: { justifyContent: 'flex-start', py: 1 },
          };
          return to ? (
            <Button key={key} component={RouterLink} to={to} {...common}>
              {label}
            </Button>
          ) : (
            <Button key={key} onClick={onClick} {...common}>
              {label}
            </Button>
          );
        })}
      </Box>
    </DashboardPanel>
  );
}
