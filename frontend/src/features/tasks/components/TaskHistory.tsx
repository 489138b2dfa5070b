import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CALENDAR_SYNC_ACTOR_ID, type HistoryValue, type TaskHistoryEntry } from '#shared/task-history';
import { paths } from '../../../config/paths';
import { useTaskHistory } from '../api/get-task-history';
import { useTeamLookup } from '../api/get-team';
import { formatDateTime } from '../utils/datetime';
import { useCompanyTimeZone } from '../../companies/api/get-companies';

const EDITED_FIELD_LABELS: Record<string, string> = {
  title: 'tasks.fields.title',
  description: 'tasks.fields.description',
  type: 'tasks.fields.type',
  propertyId: 'tasks.fields.property',
  reservationId: 'tasks.fields.reservation',
};

interface Describe {
  t: TFunction;
  nameOf: (id: string | null | undefined) => string | undefined;
  date: (iso: string) => string;
}

/** What one history line says, in the interface language (the actor's name comes first). */
export function describeEntry(entry: TaskHistoryEntry, { t, nameOf, date }: Describe): string {
  const change = entry.changes[0];
  const person = (value: HistoryValue) => (typeof value === 'string' ? (nameOf(value) ?? t('tasks.history.formerMember')) : t('tasks.unassigned'));
  const due = (value: HistoryValue) => (typeof value === 'string' ? date(value) : t('tasks.noDueDate'));
  const status = (value: HistoryValue) => t(`tasks.statuses.${String(value)}`);
  const item = String(entry.details?.item ?? '');
  switch (entry.action) {
    case 'assigned':
      return change?.from ? t('tasks.history.reassigned', { from: person(change.from), to: person(change.to) }) : t('tasks.history.assigned', { to: person(change?.to ?? null) });
    case 'unassigned':
      return t('tasks.history.unassigned', { from: person(change?.from ?? null) });
    case 'moved':
      return t('tasks.history.moved', { from: due(change?.from ?? null), to: due(change?.to ?? null) });
    case 'reopened':
    case 'status_changed':
      return t(`tasks.history.${entry.action}`, { from: status(change?.from ?? null), to: status(change?.to ?? null) });
    case 'edited':
      return t('tasks.history.edited', { fields: entry.changes.map((c) => t(EDITED_FIELD_LABELS[c.field] ?? c.field)).join(', ') });
    case 'item_ticked':
    case 'item_unticked':
      return t(`tasks.history.${entry.action}`, { item });
    case 'photo_added':
      return entry.details?.itemId ? t(`tasks.history.itemPhoto.${entry.details.kind === 'before' ? 'before' : 'after'}`, { item }) : t('tasks.history.photo_added');
    case 'checklist_attached':
      return t('tasks.history.checklist_attached', { count: Number(entry.details?.items ?? 0) });
    case 'problem_reported':
      return t('tasks.history.problem_reported', { urgency: t(`tasks.urgency.${String(entry.details?.urgency ?? 'medium')}`) });
    case 'created':
      return entry.details?.sourceTaskId ? t('tasks.history.createdFromProblem') : t('tasks.history.created');
    default:
      return t(`tasks.history.${entry.action}`);
  }
}

/** The task a line links to: the work order a problem became, or the task a work order came from. */
function linkOf(entry: TaskHistoryEntry): { id: string; key: string } | undefined {
  if (entry.action === 'problem_reported' && typeof entry.details?.workOrderId === 'string') return { id: entry.details.workOrderId, key: 'tasks.history.openWorkOrder' };
  if (entry.action === 'created' && typeof entry.details?.sourceTaskId === 'string') return { id: entry.details.sourceTaskId, key: 'tasks.history.openSource' };
  return undefined;
}

/**
 * The task's history (GET /api/tasks/{id}/history): who changed what and when, newest first,
 * older lines on request. `version` (the task's updatedAt) reads it again after an edit.
 */
export function TaskHistory({ taskId, version }: { taskId: string; version: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const team = useTeamLookup();
  const history = useTaskHistory(taskId);
  const seen = useRef(version);
  const { reload } = history;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload();
  }, [version, reload]);
  const timeZone = useCompanyTimeZone();
  const date = (iso: string) => formatDateTime(iso, language, timeZone) ?? iso;
  const actor = (id: string) => team.nameOf(id) ?? (id === CALENDAR_SYNC_ACTOR_ID ? t('tasks.history.calendarSync') : t('tasks.history.formerMember'));

  let body;
  if (history.isLoading) {
    body = [0, 1, 2].map((i) => <Skeleton key={i} height={28} />);
  } else if (history.error) {
    body = <Alert severity="error">{t('tasks.history.loadFailed')}</Alert>;
  } else if (history.entries.length === 0) {
    body = <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('tasks.history.empty')}</Typography>;
  } else {
    body = (
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="task-history">
        {history.entries.map((entry) => {
          const link = linkOf(entry);
          return (
            <Box component="li" key={entry.id} data-testid="task-history-entry" data-action={entry.action} sx={{ display: 'grid', gap: 0.25, pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
              <Typography variant="body2">
                <Box component="strong" sx={{ fontWeight: 600 }}>{actor(entry.actorUserId)}</Box> {describeEntry(entry, { t, nameOf: team.nameOf, date })}
                {link && (
                  <>
                    {' '}
                    <Link component={RouterLink} to={`${paths.tasks}/${encodeURIComponent(link.id)}`}>
                      {t(link.key)}
                    </Link>
                  </>
                )}
              </Typography>
              <Typography component="time" dateTime={entry.at} variant="caption" sx={{ color: 'text.secondary' }}>
                {date(entry.at)}
              </Typography>
              {typeof entry.details?.occurredAt === 'string' && (
                // Done on a phone without signal and sent when it came back.
                <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="task-history-offline">
                  {t('tasks.history.doneOffline', { at: date(entry.details.occurredAt) })}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="task-history-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="task-history-heading" component="h2" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
        {t('tasks.history.title')}
      </Typography>
      {body}
      {history.hasMore && (
        <Box>
          <Button size="small" onClick={history.loadMore} disabled={history.isLoadingMore}>
            {t('tasks.history.older')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
