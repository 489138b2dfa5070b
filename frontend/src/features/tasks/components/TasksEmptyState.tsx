import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import AssignmentRoundedIcon from '#icons/AssignmentRounded';
import FilterListOffRoundedIcon from '#icons/FilterListOffRounded';
import { useTranslation } from 'react-i18next';

export interface TasksEmptyStateProps {
  /** A filter or the search is active: the hint says so and offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  /** Shown (as "Create Task") only to those who may create tasks. */
  onCreate?: () => void;
}

/** "No Tasks Found", with a different hint when filters are active (SPEC "Tasks"). */
export function TasksEmptyState({ filtered, onClearFilters, onCreate }: TasksEmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        justifyItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: { xs: 6, md: 8 },
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'text.secondary', mb: 1 }}>
        <AssignmentRoundedIcon />
      </Box>
      <Typography variant="h6" component="h2">
        {t('tasks.empty.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
        {t(filtered ? 'tasks.empty.filteredHint' : 'tasks.empty.hint')}
      </Typography>
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        {filtered && (
          <Button variant="outlined" startIcon={<FilterListOffRoundedIcon />} onClick={onClearFilters}>
            {t('tasks.filters.clear')}
          </Button>
        )}
        {!filtered && onCreate && (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={onCreate}>
            {t('tasks.actions.createFirst')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
