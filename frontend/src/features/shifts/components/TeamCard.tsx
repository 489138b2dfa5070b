import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AccessTimeRoundedIcon from '#icons/AccessTimeRounded';
import DeleteOutlineRoundedIcon from '#icons/DeleteOutlineRounded';
import EditOutlinedIcon from '#icons/EditOutlined';
import GroupsOutlinedIcon from '#icons/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { userInitials } from '#shared/rules';
import type { ShiftTeam } from '../api/get-shifts';
import { formatClock } from '../../../lib/intl';
import { formatTime, fullName } from '../utils/format';
import { AttendanceChip } from './AttendanceChip';

export interface TeamCardProps {
  team: ShiftTeam;
  timeZone: string;
  /** Edit and remove are offered to managers while the shift can still change. */
  editable: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** A team scheduled for a shift: its name, time range and members with their attendance. */
export function TeamCard({ team, timeZone, editable, onEdit, onRemove }: TeamCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card component="section" aria-label={team.name} data-testid="shift-team-card" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Avatar variant="rounded" sx={{ bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1), color: 'primary.main', width: 40, height: 40 }}>
          <GroupsOutlinedIcon />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} noWrap>
            {team.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <AccessTimeRoundedIcon sx={{ fontSize: 16 }} />
            {t('shifts.timeRange', { start: formatClock(team.start, i18n.language), end: formatClock(team.end, i18n.language) })}
            {' · '}
            {t('shifts.memberCount', { count: team.members.length })}
          </Typography>
        </Box>
        {editable && (
          <Box sx={{ display: 'flex' }}>
            <Tooltip title={t('shifts.team.edit')}>
              <IconButton size="small" onClick={onEdit} aria-label={t('shifts.team.editNamed', { name: team.name })}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('shifts.team.remove')}>
              <IconButton size="small" onClick={onRemove} aria-label={t('shifts.team.removeNamed', { name: team.name })}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      <List dense disablePadding>
        {team.members.map((member) => {
          const name = fullName(member, t('common.user'));
          const times = [
            member.checkedInAt && t('shifts.checkedInAt', { time: formatTime(member.checkedInAt, i18n.language, timeZone) }),
            member.checkedOutAt && t('shifts.checkedOutAt', { time: formatTime(member.checkedOutAt, i18n.language, timeZone) }),
          ].filter(Boolean);
          return (
            <ListItem key={member.id} disableGutters secondaryAction={<AttendanceChip status={member.status} />} data-testid="shift-member" sx={{ pr: 12 }}>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar src={member.profileImageUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
                  {userInitials(member.firstName, member.lastName)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={name}
                secondary={[t(`common.roles.${member.role}`), ...times].join(' · ')}
                slotProps={{ primary: { variant: 'body2', noWrap: true, sx: { fontWeight: 600 } }, secondary: { variant: 'caption', noWrap: true } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Card>
  );
}
