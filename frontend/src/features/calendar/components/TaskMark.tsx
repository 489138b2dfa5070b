import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PortfolioTask } from '#shared/schemas';
import { paths } from '../../../config/paths';

/** First name, or the first word of a name. */
const shortName = (name: string) => name.split(/\s+/)[0] ?? name;

/**
 * A task on its day: who (or "Unassigned") and its status; at risk in red, unassigned outlined in
 * orange, done in green. Opens the task.
 */
export function TaskMark({ task, tabIndex = -1 }: { task: PortfolioTask; tabIndex?: number }) {
  const { t } = useTranslation();
  const who = task.assigneeName ? shortName(task.assigneeName) : t('portfolioCalendar.task.unassigned');
  const done = task.status === 'completed';
  const colours = task.atRisk
    ? { bgcolor: 'error.dark', color: 'common.white', borderColor: 'error.dark' }
    : done
      ? { bgcolor: 'success.light', color: 'common.black', borderColor: 'success.main' }
      : task.unassigned
        ? { bgcolor: 'background.paper', color: 'warning.dark', borderColor: 'warning.dark' }
        : { bgcolor: 'grey.100', color: 'text.primary', borderColor: 'grey.400' };
  return (
    <Box
      component={RouterLink}
      to={`${paths.tasks}/${encodeURIComponent(task.id)}`}
      tabIndex={tabIndex}
      data-testid="portfolio-task"
      data-task={task.id}
      data-at-risk={task.atRisk || undefined}
      data-unassigned={task.unassigned || undefined}
      aria-label={t('portfolioCalendar.task.open', { title: task.title })}
      title={`${task.title} · ${task.assigneeName ?? t('portfolioCalendar.task.unassigned')} · ${t(`portfolioCalendar.status.${task.status}`, { defaultValue: task.status })}`}
      onPointerDown={(event) => event.stopPropagation()}
      sx={{
        display: 'block',
        maxWidth: '100%',
        px: 0.5,
        border: task.unassigned ? '1px dashed' : '1px solid',
        borderRadius: 1,
        fontSize: 11,
        lineHeight: '16px',
        fontWeight: task.atRisk || task.unassigned ? 700 : 500,
        textDecoration: 'none',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        ...colours,
      }}
    >
      {task.atRisk ? '! ' : ''}
      {who}
    </Box>
  );
}
