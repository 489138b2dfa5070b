import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';
import { useUrlSearchText, type UrlSearchText } from '../../../lib/use-url-search-text';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { PROPERTY_LOOKUP_KEY, usePropertyLookup } from '../api/get-properties';
import { TASK_PAGE_SIZE, TASK_SEARCH_PAGE_SIZE, fetchTaskPage, taskPagesKeyLoader, useTaskPages, type TaskFilters as TaskServerFilters } from '../api/get-task-pages';
import { TEAM_KEY, useTeamLookup } from '../api/get-team';
import type { FirstReads } from '../../../lib/first-reads';
import { firstPageReads } from '../../../lib/first-read-helpers';
import { TaskCard } from '../components/TaskCard';
import { TaskFilters, type TaskFiltersValue } from '../components/TaskFilters';
import { TasksEmptyState } from '../components/TasksEmptyState';
import { canEditTask, canManageTasks } from '../utils/permissions';
import { isTaskStatus, isTaskType } from '../utils/task-enums';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The task form (react-hook-form, the shared schemas, its fields) loads when first opened: the
// screen's first paint on a phone evaluates none of it.
const TaskDialog = retryableLazy(() => import('../components/TaskDialog'), (module) => module.TaskDialog);

/** Case- and accent-insensitive form of a text, for the title search. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

/** The filters of an address's query (`?status=&type=&q=`). */
function filtersOf(params: URLSearchParams): TaskFiltersValue {
  const status = params.get('status');
  const type = params.get('type');
  return { status: isTaskStatus(status) ? status : undefined, type: isTaskType(type) ? type : undefined, query: params.get('q') ?? '' };
}

/** The list's server filters and page size for the filters on screen (the hook's and the first reads' arguments). */
function listQuery(filters: TaskFiltersValue): [TaskServerFilters, number] {
  return [{ status: filters.status, type: filters.type }, filters.query.trim() ? TASK_SEARCH_PAGE_SIZE : TASK_PAGE_SIZE];
}

/**
 * What the list's first render shows (app/boot.ts loads it before React draws): the first page for
 * the filters in the address, and the property and team names of the cards.
 */
export const firstReads: FirstReads = (location) => [
  ...firstPageReads(taskPagesKeyLoader(...listQuery(filtersOf(new URLSearchParams(location.search)))), fetchTaskPage),
  PROPERTY_LOOKUP_KEY,
  TEAM_KEY,
];

/**
 * The filters live in the address (`?status=&type=&q=`), so the dashboard's search can link here.
 * The search box owns its text and the address follows it (useUrlSearchText); the list filters by
 * the address's `q`.
 */
function useFiltersFromUrl(): { filters: TaskFiltersValue; setFilters: (value: TaskFiltersValue) => void; search: UrlSearchText; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const search = useUrlSearchText('q');
  // Status and type are merged into the address as it is now (window.location, which navigation
  // updates at once): the search box may have written `q` since the last render.
  const setFilters = (next: TaskFiltersValue) => {
    const nextParams = new URLSearchParams(window.location.search);
    for (const [name, value] of [['status', next.status], ['type', next.type]] as const) {
      if (value) nextParams.set(name, value);
      else nextParams.delete(name);
    }
    setParams(nextParams, { replace: true });
  };
  const clear = () => {
    search.commit('');
    setFilters({ query: '' });
  };
  return { filters: filtersOf(params), setFilters, search, clear };
}

/** `task` stays set while the dialog closes, so its title does not change during the fade. */
interface DialogState {
  open: boolean;
  task?: Task;
}

/**
 * Tasks (SPEC "Tasks"): filters by status and type (applied by the server), a title search (on
 * the loaded tasks), "N task(s) found", the task cards with View and Edit, "Load more" while the
 * server has more pages, and New Task for ceo and operational_manager.
 */
export default function TasksPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { filters, setFilters, search: searchBox, clear: clearFilters } = useFiltersFromUrl();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const search = filters.query.trim();
  const { tasks, hasMore, total, isLoading, isLoadingMore, error, loadMore } = useTaskPages(...listQuery(filters));
  const properties = usePropertyLookup();
  const team = useTeamLookup();
  const mayCreate = canManageTasks(user);

  const visible = useMemo(() => {
    if (!search) return tasks;
    const needle = fold(search);
    return tasks.filter((task) => fold(task.title).includes(needle));
  }, [tasks, search]);

  const filtered = Boolean(filters.status || filters.type || search);
  const openCreate = () => setDialog({ open: true });

  return (
    <>
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        actions={
          mayCreate && (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={openCreate}>
              {t('tasks.actions.new')}
            </Button>
          )
        }
      />

      <TaskFilters value={filters} onChange={setFilters} search={searchBox} />

      {error && !tasks.length ? (
        <Alert severity="error">
          {t('tasks.loadFailed')} {errorMessage(error)}
        </Alert>
      ) : isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        <>
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {/* The server's count of the tasks matching the filters; a title search is applied to the
                loaded tasks, so it says how many of those match. */}
            {search || total === undefined
              ? t('tasks.count', { count: visible.length })
              : t('tasks.count', { count: total })}
            {hasMore && ` · ${t('tasks.moreAvailable')}`}
          </Typography>

          {visible.length === 0 && !hasMore ? (
            <TasksEmptyState filtered={filtered} onClearFilters={clearFilters} onCreate={mayCreate ? openCreate : undefined} />
          ) : (
            <Box
              component="section"
              aria-label={t('tasks.listLabel')}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
            >
              <RenderInSteps>
                {visible.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    propertyName={properties.nameOf(task.propertyId)}
                    assigneeName={team.nameOf(task.assignedUserId)}
                    canEdit={canEditTask(user, task)}
                    onEdit={(editing) => setDialog({ open: true, task: editing })}
                  />
                ))}
              </RenderInSteps>
            </Box>
          )}

          {hasMore && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Button
                variant="outlined"
                onClick={loadMore}
                disabled={isLoadingMore}
                startIcon={isLoadingMore ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {isLoadingMore ? t('common.loading') : t('tasks.loadMore')}
              </Button>
            </Box>
          )}
          {error && tasks.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('tasks.loadFailed')} {errorMessage(error)}
            </Alert>
          )}
        </>
      )}

      <LazyDialog open={dialog.open}>
        <TaskDialog open={dialog.open} task={dialog.task} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
      </LazyDialog>
    </>
  );
}
