import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AssessmentOutlinedIcon from '#icons/AssessmentOutlined';
import BoltOutlinedIcon from '#icons/BoltOutlined';
import PersonAddAltOutlinedIcon from '#icons/PersonAddAltOutlined';
import SettingsOutlinedIcon from '#icons/SettingsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TeamCard } from './TeamCard';

export interface TeamQuickActionsProps {
  /** Opens the invite dialog; absent for those who may not invite (only the CEO invites). */
  onInvite?: () => void;
  /** The plan's user limit is reached: the invite action is offered but disabled. */
  inviteDisabled?: boolean;
  /** Opens the team settings (shift lateness, turnover assignee). */
  onSettings: () => void;
}

/** Invite Team Member (CEO), Performance Report (opens Reports), Team Settings. */
export function TeamQuickActions({ onInvite, inviteDisabled = false, onSettings }: TeamQuickActionsProps) {
  const { t } = useTranslation();
  const buttonSx = { justifyContent: 'flex-start', borderColor: 'divider', py: 1 } as const;
  const label = (text: string) => <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>{text}</Box>;
  return (
    <TeamCard id="team-quick-actions" title={t('team.actions.title')} icon={<BoltOutlinedIcon fontSize="small" />}>
      <Box sx={{ display: 'grid', gap: 1, p: 2 }}>
        {onInvite && (
          <Button variant="outlined" color="inherit" startIcon={<PersonAddAltOutlinedIcon />} onClick={onInvite} disabled={inviteDisabled} sx={buttonSx}>
            {label(t('team.actions.invite'))}
          </Button>
        )}
        <Button variant="outlined" color="inherit" startIcon={<AssessmentOutlinedIcon />} component={RouterLink} to="/reports" sx={buttonSx}>
          {label(t('team.actions.report'))}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<SettingsOutlinedIcon />} onClick={onSettings} sx={buttonSx}>
          {label(t('team.actions.settings'))}
        </Button>
      </Box>
    </TeamCard>
  );
}
