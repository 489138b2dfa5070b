import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import EditRoundedIcon from '#icons/EditRounded';
import EventRoundedIcon from '#icons/EventRounded';
import HomeWorkRoundedIcon from '#icons/HomeWorkRounded';
import PersonOutlineRoundedIcon from '#icons/PersonOutlineRounded';
import VisibilityRoundedIcon from '#icons/VisibilityRounded';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { photosOf } from '../api/add-task-photo';
import { formatDateTime } from '../utils/datetime';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { TaskPhotos } from './TaskPhotos';
import { TaskStatusChip } from './TaskStatusChip';
import { ApprovalChip } from './ApprovalChip';
import { TaskTypeIcon } from './TaskTypeIcon';

export interface TaskCardProps {
  task: Task;
  propertyName: string;
  /** The assignee's name; undefined = Unassigned. */
  assigneeName: string | undefined;
  /** Shows the Edit button. */
  canEdit: boolean;
  onEdit: (task: Task) => void;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.secondary' }}>
      <Box aria-hidden sx={{ display: 'flex', '& svg': { fontSize: 18 } }}>
        {icon}
      </Box>
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Box>
  );
}

/** One task of the list: type icon, title, description, property, due date, assignee, photos, View/Edit. */
export function TaskCard({ task, propertyName, assigneeName, canEdit, onEdit }: TaskCardProps) {
  const { t, i18n } = useTranslation();
  const due = formatDateTime(task.dueDate, i18n.resolvedLanguage ?? 'en', useCompanyTimeZone());
  const photos = photosOf(task);
  return (
    <Card component="article" aria-labelledby={`task-${task.id}-title`} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <TaskTypeIcon type={task.type} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {/* A very long title takes four lines here (whole in its tooltip and on the task's page). */}
            <Typography
              id={`task-${task.id}-title`}
              variant="subtitle1"
              component="h2"
              title={task.title.length > 80 ? task.title : undefined}
              sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {task.title}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`tasks.types.${task.type}`)}
              {/* A problem reported from the field says how urgent it is, as its page does. */}
              {task.urgency && (
                <Box component="span" sx={{ color: task.urgency === 'high' || task.urgency === 'urgent' ? 'warning.dark' : undefined, fontWeight: task.urgency === 'urgent' ? 700 : undefined }}>
                  {` · ${t(`tasks.urgency.${task.urgency}`)}`}
                </Box>
              )}
            </Typography>
          </Box>
          <TaskStatusChip status={task.status} />
        </Box>
        {task.approval && (
          <div>
            <ApprovalChip task={task} />
          </div>
        )}
        {task.description && (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {task.description}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Detail icon={<HomeWorkRoundedIcon />} label={t('tasks.fields.property')}>
            {propertyName}
          </Detail>
          <Detail icon={<EventRoundedIcon />} label={t('tasks.fields.dueDate')}>
            {due ?? t('tasks.noDueDate')}
          </Detail>
          <Detail icon={<PersonOutlineRoundedIcon />} label={t('tasks.fields.assignee')}>
            {assigneeName ?? t('tasks.unassigned')}
          </Detail>
        </Box>
        {photos.length > 0 && <TaskPhotos photos={photos} title={task.title} variant="strip" max={4} />}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button
          component={RouterLink}
          to={`/tasks/${encodeURIComponent(task.id)}`}
          size="small"
          variant="outlined"
          startIcon={<VisibilityRoundedIcon />}
          aria-label={t('tasks.actions.viewTask', { title: task.title })}
          sx={{ flex: 1 }}
        >
          {t('tasks.actions.view')}
        </Button>
        {canEdit && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditRoundedIcon />}
            onClick={() => onEdit(task)}
            aria-label={t('tasks.actions.editTask', { title: task.title })}
            sx={{ flex: 1 }}
          >
            {t('tasks.actions.edit')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
