import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '#icons/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, type TaskStatus } from '#shared/enums';
import { TaskStatusChip } from '../../tasks/components/TaskStatusChip';
import { formatDateTime, formatDay } from '../../reservations/utils/format';
import type { OwnerWorkItem } from '../api/types';
import { PhotoStrip } from './PhotoStrip';

/** A cleaning, inspection or repair done at the property, or a problem reported there, with its photos. */
export function WorkCard({ item }: { item: OwnerWorkItem }) {
  const { t, i18n } = useTranslation();
  const when = item.completedAt
    ? t('ownerPortal.work.doneOn', { date: formatDateTime(item.completedAt, i18n.language) })
    : item.scheduledDate
      ? t('ownerPortal.work.scheduledFor', { date: formatDay(item.scheduledDate, i18n.language) })
      : null;
  const status = (TASK_STATUSES as readonly string[]).includes(item.status) ? (item.status as TaskStatus) : null;
  return (
    <Card component="article" data-testid="owner-work" data-problem={item.problem || undefined} sx={{ borderLeft: 4, borderColor: item.problem ? 'warning.main' : 'success.main' }}>
      <CardContent sx={{ display: 'grid', gap: 1.25 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" label={t(`tasks.types.${item.type}`, { defaultValue: item.type })} />
          {item.problem && <Chip size="small" color="warning" icon={<ReportProblemOutlinedIcon />} label={t('ownerPortal.work.problem')} />}
          {status && <TaskStatusChip status={status} />}
        </Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {item.title}
        </Typography>
        {when && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {when}
          </Typography>
        )}
        <PhotoStrip photos={item.photos} title={item.title} />
      </CardContent>
    </Card>
  );
}
