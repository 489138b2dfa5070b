// The selected shift: its heading and state (in progress, ended, started at), then its teams, or
// the empty state that offers to schedule one.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EventBusyOutlinedIcon from '#icons/EventBusyOutlined';
import GroupAddOutlinedIcon from '#icons/GroupAddOutlined';
import { useTranslation } from 'react-i18next';
import type { ShiftDay, ShiftTeam } from '../api/get-shifts';
import { formatTime } from '../utils/format';
import { TeamCard } from './TeamCard';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

interface ShiftTeamsSectionProps {
  shiftLabel: string;
  selected: ShiftDay | undefined;
  isLoading: boolean;
  inProgress: boolean;
  canEdit: boolean;
  timeZone: string;
  /** Opens the team dialog: to edit `team`, or to schedule a new one. */
  onAssign: (team?: ShiftTeam) => void;
  onRemove: (team: ShiftTeam) => void;
}

export function ShiftTeamsSection({ shiftLabel, selected, isLoading, inProgress, canEdit, timeZone, onAssign, onRemove }: ShiftTeamsSectionProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="section" aria-labelledby="shift-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="shift-heading" variant="h6" component="h2">
          {shiftLabel}
        </Typography>
        {inProgress && <Chip color="success" size="small" label={t('shifts.inProgress')} data-testid="shift-in-progress" />}
        {selected?.status === 'ended' && <Chip size="small" label={t('shifts.ended')} />}
        {selected?.startedAt && selected.status !== 'ended' && (
          <Chip size="small" variant="outlined" color="success" label={t('shifts.startedAt', { time: formatTime(selected.startedAt, i18n.language, timeZone) })} />
        )}
      </Box>

      {isLoading && !selected ? (
        <Box sx={gridSx}>
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      ) : selected && selected.teams.length > 0 ? (
        <Box sx={gridSx}>
          {selected.teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              timeZone={timeZone}
              editable={canEdit}
              onEdit={() => onAssign(team)}
              onRemove={() => onRemove(team)}
            />
          ))}
        </Box>
      ) : (
        <Card sx={{ py: 6, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
          <EventBusyOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
          <Typography sx={{ color: 'text.secondary' }} data-testid="shifts-empty">
            {t('shifts.empty')}
          </Typography>
          {canEdit && (
            <Button variant="outlined" startIcon={<GroupAddOutlinedIcon />} onClick={() => onAssign()}>
              {t('shifts.assign.open')}
            </Button>
          )}
        </Card>
      )}
    </Box>
  );
}
