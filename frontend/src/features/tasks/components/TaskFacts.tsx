import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { paths } from '../../../config/paths';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { usePropertyLookup } from '../api/get-properties';
import { useTeamLookup } from '../api/get-team';
import { formatDateTime } from '../utils/datetime';
import { formatCents } from '../../../lib/intl';
import { TaskField } from './TaskField';
import { TaskReservationField } from './TaskReservationField';
import { TaskTimeFields } from './TaskTimeFields';

/**
 * The task page's facts: property, assignee, status (and the required checklist items still open),
 * due and completion, time on task, its stay, created and updated; instants in the company's zone.
 */
export function TaskFacts({ task, openRequired }: { task: Task; openRequired: number }) {
  const { t, i18n } = useTranslation();
  const properties = usePropertyLookup();
  const team = useTeamLookup();
  const timeZone = useCompanyTimeZone();
  const date = (iso: string | null | undefined) => formatDateTime(iso, i18n.resolvedLanguage ?? 'en', timeZone) ?? '—';
  const assignee = team.nameOf(task.assignedUserId);
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
      <TaskField label={t('tasks.fields.property')}>
        <Link component={RouterLink} to={`${paths.properties}/${encodeURIComponent(task.propertyId)}`}>
          {properties.nameOf(task.propertyId)}
        </Link>
      </TaskField>
      <TaskField label={t('tasks.fields.assignee')}>{assignee ?? t('tasks.unassigned')}</TaskField>
      <TaskField label={t('tasks.fields.status')}>
        {t(`tasks.statuses.${task.status}`)}
        {openRequired > 0 && (
          <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'warning.dark' }}>
            {t('tasks.checklist.requiredOpen', { count: openRequired })}
          </Box>
        )}
      </TaskField>
      <TaskField label={t('tasks.fields.dueDate')}>{task.dueDate ? date(task.dueDate) : t('tasks.noDueDate')}</TaskField>
      <TaskField label={t('tasks.fields.completedAt')}>{date(task.completedAt)}</TaskField>
      {task.estimatedCost != null && <TaskField label={t('tasks.fields.estimatedCost')}>{formatCents(task.estimatedCost, i18n.language)}</TaskField>}
      {task.approval?.note && <TaskField label={t('tasks.approval.ownerNote')}>{task.approval.note}</TaskField>}
      <TaskTimeFields task={task} />
      {task.reservationId && <TaskReservationField taskId={task.id} reservationId={task.reservationId} propertyId={task.propertyId} />}
      <TaskField label={t('tasks.fields.createdAt')}>{date(task.createdAt)}</TaskField>
      <TaskField label={t('tasks.fields.updatedAt')}>{date(task.updatedAt)}</TaskField>
    </Box>
  );
}
