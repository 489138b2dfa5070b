import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AssignmentOutlinedIcon from '#icons/AssignmentOutlined';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { taskLinkState } from '../../tasks/utils/back-link';
import { usePropertyTasks } from '../api/get-property-tasks';
import { formatDateTime } from '../utils/format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { EmptyState } from './EmptyState';
import { SectionCard } from './SectionCard';
import { TaskStatusChip } from './TaskStatusChip';

export interface PropertyTasksSectionProps {
  propertyId: string;
}

const newestFirst = (a: Task, b: Task) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

/** The property's tasks, newest first, each linking to /tasks/:id (whose back link returns here). */
export function PropertyTasksSection({ propertyId }: PropertyTasksSectionProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const { items, isLoading, error, hasMore, isLoadingMore, loadMore } = usePropertyTasks(propertyId);
  const tasks = [...items].sort(newestFirst);

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('properties.detail.tasksError')}</Alert>;
  } else if (tasks.length === 0) {
    body = <EmptyState dense icon={<AssignmentOutlinedIcon />} title={t('properties.detail.tasksEmpty')} />;
  } else {
    body = (
      <List disablePadding data-testid="property-tasks">
        {tasks.map((task) => (
          // Each link in its own list item: a list holds only items (accessibility).
          <ListItem key={task.id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/tasks/${encodeURIComponent(task.id)}`}
              state={taskLinkState(propertyId)}
              sx={{ px: 2.5, py: 1.25, gap: 1.5, borderRadius: 0, color: 'text.primary', alignItems: 'center' }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p" sx={{ wordBreak: 'break-word' }}>
                  {task.title}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <Chip size="small" label={t(`properties.taskType.${task.type}`, { defaultValue: task.type })} />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {task.dueDate
                      ? t('properties.detail.due', { date: formatDateTime(task.dueDate, i18n.resolvedLanguage, timeZone) })
                      : t('properties.detail.noDue')}
                  </Typography>
                </Box>
              </Box>
              <TaskStatusChip status={task.status} />
              <ChevronRightRoundedIcon fontSize="small" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <SectionCard
      id="tasks"
      title={t('properties.detail.tasksTitle')}
      icon={<AssignmentOutlinedIcon fontSize="small" />}
      aside={!isLoading && !error && <Chip size="small" label={hasMore ? `${tasks.length}+` : tasks.length} />}
    >
      {body}
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
          <Button size="small" onClick={loadMore} disabled={isLoadingMore}>
            {isLoadingMore ? t('common.loading') : t('properties.loadMore')}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
