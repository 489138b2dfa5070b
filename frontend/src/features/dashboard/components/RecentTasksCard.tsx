import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { relativeAge } from '#shared/rules';
import type { Task } from '#shared/schemas';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { TaskStatusChip } from '../../tasks/components/TaskStatusChip';
import { TaskTypeIcon } from '../../tasks/components/TaskTypeIcon';
import { useRecentTasks } from '../api/get-recent-tasks';
import type { NameLookups } from '../api/get-name-lookups';
import { formatDateTime } from '../utils/format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { DashboardPanel, PanelEmpty, PanelPlaceholderList } from './DashboardPanel';

/** The server's page of recent tasks. */
const RECENT_TASKS = 5;
const ROW_SX = { gap: 1.5, alignItems: 'flex-start', py: 1.25 } as const;

/** A loading row laid out like a task row (same padding and text lines), so nothing moves when tasks arrive. */
function RecentTaskPlaceholder() {
  return (
    <ListItem disablePadding>
      <Box sx={{ ...ROW_SX, display: 'flex', width: '100%', px: 2 }}>
        <Skeleton variant="rounded" width={36} height={36} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2" component="p" sx={{ flex: 1 }}>
              <Skeleton width="60%" />
            </Typography>
            <Skeleton variant="rounded" width={72} height={24} />
          </Box>
          <Typography variant="body2">
            <Skeleton width="45%" />
          </Typography>
          <Typography variant="caption" component="p">
            <Skeleton width="30%" />
          </Typography>
        </Box>
      </Box>
    </ListItem>
  );
}

export interface RecentTasksCardProps {
  lookups: NameLookups;
}

/**
 * Recent tasks: title, property, assignee (or Unassigned), status badge, and the due date or, for a
 * task without one, how long ago it was created (minutes under 60, hours under 1440, else days).
 */
export function RecentTasksCard({ lookups }: RecentTasksCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { tasks, isLoading, error } = useRecentTasks();
  const timeZone = useCompanyTimeZone();

  const when = (task: Task) => {
    const due = formatDateTime(task.dueDate, language, timeZone);
    if (due) return t('dashboard.recentTasks.due', { date: due });
    const age = relativeAge(task.createdAt);
    return t(`dashboard.recentTasks.age.${age.unit}`, { count: age.value });
  };

  let content;
  if (isLoading && !tasks.length) content = <PanelPlaceholderList rows={RECENT_TASKS} row={RecentTaskPlaceholder} />;
  else if (error && !tasks.length) content = <PanelEmpty>{errorMessage(error)}</PanelEmpty>;
  else if (!tasks.length) content = <PanelEmpty>{t('dashboard.recentTasks.empty')}</PanelEmpty>;
  else {
    content = (
      <List disablePadding>
        {tasks.map((task) => (
          <ListItem key={task.id} disablePadding>
            <ListItemButton component={RouterLink} to={`${paths.tasks}/${encodeURIComponent(task.id)}`} sx={ROW_SX}>
              <TaskTypeIcon type={task.type} size={36} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="subtitle2" component="p" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
                    {task.title}
                  </Typography>
                  <TaskStatusChip status={task.status} />
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {lookups.propertyName(task.propertyId)} · {lookups.memberName(task.assignedUserId) ?? t('dashboard.recentTasks.unassigned')}
                </Typography>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {when(task)}
                </Typography>
              </Box>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <DashboardPanel
      title={t('dashboard.recentTasks.title')}
      action={
        <Button component={RouterLink} to={paths.tasks} size="small">
          {t('dashboard.viewAll')}
        </Button>
      }
    >
      {content}
    </DashboardPanel>
  );
}
