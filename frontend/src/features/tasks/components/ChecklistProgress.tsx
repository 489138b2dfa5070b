import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TaskChecklist } from '../api/get-task-checklist';

export interface ChecklistProgressProps {
  checklist: TaskChecklist;
  /** The caller may tick (shows that ticks are saved as they go). */
  mayWork: boolean;
  /** The task is pending or in progress. */
  open: boolean;
}

/** The checklist's progress bar and where its required items stand. */
export function ChecklistProgress({ checklist, mayWork, open }: ChecklistProgressProps) {
  const { t } = useTranslation();
  const percent = checklist.totalItems ? Math.round((checklist.completedItems / checklist.totalItems) * 100) : 0;
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={checklist.status === 'completed' ? 'success' : 'primary'}
        aria-label={t('tasks.checklist.progressLabel', { done: checklist.completedItems, total: checklist.totalItems })}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ color: checklist.openRequiredItems > 0 ? 'warning.dark' : 'success.dark' }}>
        {checklist.openRequiredItems > 0
          ? t('tasks.checklist.requiredOpen', { count: checklist.openRequiredItems })
          : checklist.requiredItems > 0
            ? t('tasks.checklist.requiredDone')
            : t('tasks.checklist.noneRequired')}
        {mayWork && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' · '}
            {t('tasks.checklist.savedAsYouGo')}
          </Box>
        )}
      </Typography>
      {!open && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('tasks.checklist.closedHint')}
        </Typography>
      )}
    </Box>
  );
}
