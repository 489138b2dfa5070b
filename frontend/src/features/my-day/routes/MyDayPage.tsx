import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOfflineQueue, useOnSent } from '../../../lib/offline/engine';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { MY_TASKS_KEY, useMyTasks } from '../api/get-my-tasks';
import { LaterTaskRow } from '../components/LaterTaskRow';
import { MyTaskCard } from '../components/MyTaskCard';
import { SyncStatus } from '../components/SyncStatus';
import { useDayActions } from '../hooks/use-day-actions';
import { useOnline } from '../hooks/use-online';
import { useOfflineCopy } from '../hooks/use-offline-copy';
import { dayLabel, groupByDay } from '../utils/days';
import { applyQueue, type DayTask } from '../utils/overlay';
import { dateTimeFormat } from '../../../lib/intl';
import { formatInstant } from '../../../lib/zoned-format';
import type { FirstReads } from '../../../lib/first-reads';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The problem form (react-hook-form, the shared schemas, text fields) loads when a member opens it:
// My day's first paint on a phone runs none of it. The service worker precaches the chunk, so it
// opens offline too.
const ProblemDialog = retryableLazy(() => import('../components/ProblemDialog'), (module) => module.ProblemDialog);

/**
 * My day (`/my-day`, issue 19): the member's tasks from today for 7 days and the overdue ones, in
 * time order, grouped by day in the company's zone; phone first, one hand, big targets. Works
 * without signal: the day comes from the service worker's copy, and what the member does waits in
 * the phone's queue (lib/offline) until it is sent.
 */
/** What the day's first render shows (app/boot.ts loads it before React draws). */
export const firstReads: FirstReads = () => [MY_TASKS_KEY];

export default function MyDayPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { user } = useCurrentUser();
  const queue = useOfflineQueue(user?.id);
  // The browser's word, or the queue's: a send that got no answer at all.
  const browserOnline = useOnline();
  const { day, error, isLoading, refresh } = useMyTasks();
  const online = browserOnline && queue.blocked !== 'offline';
  // The day on screen is the phone's copy: the browser says so, or the service worker answered it.
  const copyAt = useOfflineCopy(MY_TASKS_KEY);
  const [problemTask, setProblemTask] = useState<DayTask | null>(null);

  // Read the day again when the server took an action, and when the service worker takes over the
  // page (so its copy for offline use is made on the first visit).
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useOnSent(useCallback(() => void refreshRef.current(), []));
  const refusedCount = queue.actions.filter((action) => action.state !== 'waiting').length;
  useEffect(() => {
    if (refusedCount > 0) void refreshRef.current();
  }, [refusedCount]);
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return undefined;
    const onChange = () => void refreshRef.current();
    container.addEventListener('controllerchange', onChange);
    return () => container.removeEventListener('controllerchange', onChange);
  }, []);

  const tasks = useMemo(() => (day ? applyQueue(day.tasks, queue.actions) : []), [day, queue.actions]);
  const groups = useMemo(() => (day ? groupByDay(tasks, day.timeZone) : []), [tasks, day]);
  const openProblem = useCallback((task: DayTask) => setProblemTask(task), []);
  const actions = useDayActions(tasks, openProblem);
  // Later days' tasks the member opened (today's and overdue ones are always whole).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const today = day ? dateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: day.timeZone }).format(new Date()) : '';

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', display: 'grid', gap: 2, pb: 4 }}>
      <Box component="header">
        <Typography variant="h4" component="h1">
          {t('myDay.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{today || t('myDay.subtitle')}</Typography>
      </Box>

      <SyncStatus queue={queue} onSendNow={actions.sendNow} onRetry={actions.retry} onDiscard={actions.discard} />
      {day && (!online || copyAt !== undefined) && (
        <Alert severity="info" data-testid="offline-copy">
          {copyAt
            ? t('myDay.offlineCopyAt', { time: formatInstant(copyAt, language, 'dateTime', day.timeZone) })
            : t('myDay.offlineCopy')}
        </Alert>
      )}

      {!day && error && (
        <Alert
          severity={online ? 'error' : 'warning'}
          action={
            <Button color="inherit" onClick={() => void refresh()} sx={{ minHeight: 48 }}>
              {t('myDay.reload')}
            </Button>
          }
        >
          {online ? t('myDay.loadFailed') : t('myDay.offlineNoCopy')}
        </Alert>
      )}
      {!day && isLoading && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {day && groups.length === 0 && <Alert severity="success">{t('myDay.empty')}</Alert>}

      {day &&
        groups.map((group) => (
          <Box component="section" key={group.key} aria-labelledby={`day-${group.key}`} sx={{ display: 'grid', gap: 1.5 }}>
            <Typography id={`day-${group.key}`} component="h2" variant="h6" sx={{ color: group.key === 'overdue' ? 'error.main' : 'text.primary', mt: 1 }}>
              {dayLabel(group.key, day.from, language, t)}
            </Typography>
            {group.tasks.map((task) =>
              group.key === 'overdue' || group.key <= day.from || opened.has(task.id) ? (
                <MyTaskCard key={task.id} task={task} timeZone={day.timeZone} handlers={actions.handlers} />
              ) : (
                <LaterTaskRow key={task.id} task={task} timeZone={day.timeZone} onOpen={() => setOpened((ids) => new Set(ids).add(task.id))} />
              ),
            )}
          </Box>
        ))}

      {problemTask && (
        <LazyDialog open>
          <ProblemDialog
            task={problemTask}
            onClose={() => setProblemTask(null)}
            onSubmit={async (report) => {
              await actions.reportProblem(problemTask, report);
            }}
          />
        </LazyDialog>
      )}
    </Box>
  );
}
