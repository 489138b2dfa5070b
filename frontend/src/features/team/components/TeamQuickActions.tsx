import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ComingSoonDialog } from './ComingSoonDialog';
import { TeamCard } from './TeamCard';

type Pending = 'invite' | 'settings' | null;

/** Invite Team Member and Team Settings come in a later issue: they say so. Performance Report opens Reports. */
export function TeamQuickActions() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending>(null);
  const soon = <Chip size="small" label={t('team.comingSoon.badge')} sx={{ height: 20, fontSize: '0.6875rem', ml: 1 }} />;
  const buttonSx = { justifyContent: 'flex-start', borderColor: 'divider', py: 1 } as const;
  const label = (text: string) => <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>{text}</Box>;
  return (
    <TeamCard id="team-quick-actions" title={t('team.actions.title')} icon={<BoltOutlinedIcon fontSize="small" />}>
      <Box sx={{ display: 'grid', gap: 1, p: 2 }}>
        <Button variant="outlined" color="inherit" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setPending('invite')} sx={buttonSx}>
          {label(t('team.actions.invite'))}
          {soon}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<AssessmentOutlinedIcon />} component={RouterLink} to="/reports" sx={buttonSx}>
          {label(t('team.actions.report'))}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<SettingsOutlinedIcon />} onClick={() => setPending('settings')} sx={buttonSx}>
          {label(t('team.actions.settings'))}
          {soon}
        </Button>
      </Box>
      <ComingSoonDialog
        open={pending !== null}
        title={pending === 'settings' ? t('team.comingSoon.settingsTitle') : t('team.comingSoon.inviteTitle')}
        message={pending === 'settings' ? t('team.comingSoon.settingsMessage') : t('team.comingSoon.inviteMessage')}
        onClose={() => setPending(null)}
      />
    </TeamCard>
  );
}
