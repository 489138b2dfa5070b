import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PortfolioTask } from '#shared/schemas';
import { paths } from '../../../config/paths';

/** First name, or the first word of a name. */
const shortName = (name: string) => name.split(/\s+/)[0] ?? name;

/** The class of a task mark; its look is TASK_MARK_SX, set once by the grid or day list around it. */
export const TASK_MARK_CLASS = 'portfolio-task-mark';

/**
 * A task mark's look: grey; unassigned outlined (dashed) in orange; done in green; at risk in red.
 * One rule set under the calendar's root (`'& .portfolio-task-mark': TASK_MARK_SX`) rather than an
 * `sx` on every mark: a month of a portfolio has hundreds of them, and each `sx` is its own style
 * computation when the screen draws (the phone's first render, Lighthouse mobile).
 */
export const TASK_MARK_SX = {
  display: 'block',
  maxWidth: '100%',
  px: 0.5,
  border: '1px solid',
  borderRadius: 1,
  fontSize: 11,
  lineHeight: '16px',
  fontWeight: 500,
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  bgcolor: 'grey.100',
  color: 'text.primary',
  borderColor: 'grey.400',
  '&[data-unassigned]': { borderStyle: 'dashed', fontWeight: 700, bgcolor: 'background.paper', color: 'warning.dark', borderColor: 'warning.dark' },
  '&[data-done]': { bgcolor: 'success.light', color: 'common.black', borderColor: 'success.main' },
  '&[data-at-risk]': { fontWeight: 700, bgcolor: 'error.dark', color: 'common.white', borderColor: 'error.dark' },
} as const;

/**
 * A task on its day: who (or "Unassigned") and its status; at risk in red, unassigned outlined in
 * orange, done in green. Opens the task. Styled by TASK_MARK_SX on an ancestor.
 */
export function TaskMark({ task, tabIndex = -1 }: { task: PortfolioTask; tabIndex?: number }) {
  const { t } = useTranslation();
  const who = task.assigneeName ? shortName(task.assigneeName) : t('portfolioCalendar.task.unassigned');
  return (
    <RouterLink
      to={`${paths.tasks}/${encodeURIComponent(task.id)}`}
      className={TASK_MARK_CLASS}
      tabIndex={tabIndex}
      data-testid="portfolio-task"
      data-task={task.id}
      data-at-risk={task.atRisk || undefined}
      data-unassigned={task.unassigned || undefined}
      data-done={task.status === 'completed' || undefined}
      aria-label={t('portfolioCalendar.task.open', { title: task.title })}
      title={`${task.title} · ${task.assigneeName ?? t('portfolioCalendar.task.unassigned')} · ${t(`portfolioCalendar.status.${task.status}`, { defaultValue: task.status })}`}
      onPointerDown={(event) => event.stopPropagation()}
    >
      {task.atRisk ? '! ' : ''}
      {who}
    </RouterLink>
  );
}
