import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ClearRoundedIcon from '#icons/ClearRounded';
import SearchRoundedIcon from '#icons/SearchRounded';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/enums';
import type { UrlSearchText } from '../../../lib/use-url-search-text';
import { isTaskStatus, isTaskType } from '../utils/task-enums';

export interface TaskFiltersValue {
  status?: TaskStatus;
  type?: TaskType;
  /** Title search (client-side, on the loaded tasks): the address's, which follows the box. */
  query: string;
}

export interface TaskFiltersProps {
  value: TaskFiltersValue;
  /** Status and type changes (the search box has its own text: `search`). */
  onChange: (value: TaskFiltersValue) => void;
  /** The search box's text, which the address (`?q=`) follows. */
  search: UrlSearchText;
}

const ALL = 'all';

/** Title search, status filter (all + the four statuses) and type filter (all + the three types). */
export function TaskFilters({ value, onChange, search }: TaskFiltersProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' }, mb: 2 }}
    >
      <TextField
        type="search"
        size="small"
        label={t('tasks.filters.search')}
        placeholder={t('tasks.filters.searchPlaceholder')}
        value={search.text}
        onChange={(event) => search.change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.commit();
        }}
        onBlur={() => search.commit()}
        sx={{
          gridColumn: { xs: '1 / -1', md: 'auto' },
          // The field has its own clear button; hide the browser's.
          '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none' },
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: search.text ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={t('tasks.filters.clearSearch')} onClick={() => search.commit('')}>
                  <ClearRoundedIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('tasks.filters.status')}
        value={value.status ?? ALL}
        onChange={(event) => onChange({ ...value, status: isTaskStatus(event.target.value) ? event.target.value : undefined })}
        slotProps={{ select: { name: 'status' } }}
      >
        <MenuItem value={ALL}>{t('tasks.filters.allStatuses')}</MenuItem>
        {TASK_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`tasks.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('tasks.filters.type')}
        value={value.type ?? ALL}
        onChange={(event) => onChange({ ...value, type: isTaskType(event.target.value) ? event.target.value : undefined })}
        slotProps={{ select: { name: 'type' } }}
      >
        <MenuItem value={ALL}>{t('tasks.filters.allTypes')}</MenuItem>
        {TASK_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`tasks.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
