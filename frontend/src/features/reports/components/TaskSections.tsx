import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, TASK_TYPES } from '#shared/enums';
import type { Report } from '../api/get-report';
import { HorizontalBars } from './HorizontalBars';
import { ReportCard } from './ReportCard';
import { StatTile } from './StatTile';
import { TimelineChart } from './TimelineChart';

type Tasks = NonNullable<Report['tasks']>;

/** Task Performance: total, completed, in progress, pending and the rounded completion rate. */
export function TaskPerformanceCard({ tasks }: { tasks: Tasks }) {
  const { t } = useTranslation();
  return (
    <ReportCard title={t('reports.tasks.title')} testId="task-performance">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <StatTile label={t('reports.tasks.total')} value={tasks.total} testId="tasks-total" />
        <StatTile label={t('reports.tasks.completed')} value={tasks.completed} color="success.main" testId="tasks-completed" />
        <StatTile label={t('reports.tasks.inProgress')} value={tasks.inProgress} color="info.main" testId="tasks-in-progress" />
        <StatTile label={t('reports.tasks.pending')} value={tasks.pending} color="warning.main" testId="tasks-pending" />
      </Box>
      <Box data-testid="completion-rate">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('reports.tasks.completionRate')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="stat-value">
            {tasks.completionRate}%
          </Typography>
        </Box>
        <LinearProgress variant="determinate" value={tasks.completionRate} color="success" sx={{ height: 8, borderRadius: 4 }} aria-label={t('reports.tasks.completionRate')} />
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.75 }}>
          {t('reports.tasks.scope', { cancelled: tasks.cancelled, completions: tasks.completedInRange })}
        </Typography>
      </Box>
    </ReportCard>
  );
}

/** Tasks by Type: cleaning, maintenance and laundry. */
export function TasksByTypeCard({ tasks }: { tasks: Tasks }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = { cleaning: theme.palette.primary.main, maintenance: theme.palette.warning.main, laundry: theme.palette.secondary.main, inspection: theme.palette.success.main };
  return (
    <ReportCard title={t('reports.byType.title')} testId="tasks-by-type">
      <HorizontalBars label={t('reports.byType.title')} bars={TASK_TYPES.map((type) => ({ key: type, label: t(`reports.types.${type}`), value: tasks.byType[type], color: colors[type] }))} />
    </ReportCard>
  );
}

/** Tasks by Status over the range. */
export function TasksByStatusCard({ tasks }: { tasks: Tasks }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = { pending: theme.palette.warning.main, in_progress: theme.palette.info.main, completed: theme.palette.success.main, cancelled: theme.palette.grey[400] };
  return (
    <ReportCard title={t('reports.byStatus.title')} testId="tasks-by-status">
      <HorizontalBars label={t('reports.byStatus.title')} bars={TASK_STATUSES.map((status) => ({ key: status, label: t(`reports.statuses.${status}`), value: tasks.byStatus[status], color: colors[status] }))} />
    </ReportCard>
  );
}

/** Tasks created and completed over the range. */
export function TimelineCard({ tasks }: { tasks: Tasks }) {
  const { t } = useTranslation();
  return (
    <ReportCard title={t('reports.timeline.title')} testId="tasks-timeline">
      <TimelineChart points={tasks.timeline} />
    </ReportCard>
  );
}
