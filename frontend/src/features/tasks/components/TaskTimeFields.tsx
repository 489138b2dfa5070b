import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { formatDuration } from '#shared/task-history';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../utils/datetime';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { TaskField } from './TaskField';

/**
 * Time on task (when work started, how long from start to completion) and, for a work order
 * reported from the field, the task it came from and its urgency.
 */
export function TaskTimeFields({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const timeZone = useCompanyTimeZone();
  const duration = formatDuration(task.actualMinutes);
  return (
    <>
      <TaskField label={t('tasks.time.startedAt')}>{formatDateTime(task.startedAt, language, timeZone) ?? t('tasks.time.notStarted')}</TaskField>
      <TaskField label={t('tasks.time.timeOnTask')}>
        <span data-testid="task-time-on-task">{duration ?? (task.status === 'completed' ? t('tasks.time.unknown') : '—')}</span>
      </TaskField>
      {task.sourceTaskId && (
        <TaskField label={t('tasks.time.reportedFrom')}>
          <Link component={RouterLink} to={`${paths.tasks}/${encodeURIComponent(task.sourceTaskId)}`}>
            {t('tasks.time.sourceTask')}
          </Link>
          {task.urgency && ` · ${t(`tasks.urgency.${task.urgency}`)}`}
        </TaskField>
      )}
    </>
  );
}
