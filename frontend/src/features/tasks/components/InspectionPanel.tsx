import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '#icons/CheckCircleRounded';
import CancelRoundedIcon from '#icons/CancelRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { InspectionBody, Task } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { recordInspection } from '../api/record-inspection';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { InspectionFailDialog, type InspectionItem } from './InspectionFailDialog';

/** Records an inspection's result from the task's page: the request, the lists refreshed, a toast. */
export function useRecordInspection(taskId: string): (body: InspectionBody) => Promise<void> {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshTaskQueries();
  return async (body) => {
    try {
      await recordInspection(taskId, body);
    } catch (error) {
      toast({ title: t('tasks.inspection.recordFailed'), description: errorMessage(error), variant: 'destructive' });
      throw error;
    }
    toast({ title: t(body.passed ? 'tasks.inspection.passedToast' : 'tasks.inspection.failedToast'), severity: 'success' });
    await refresh();
  };
}

export interface InspectionActionsProps {
  items: readonly InspectionItem[];
  /** Records a result (a pass at once; a fail from its dialog). */
  onRecord: (body: InspectionBody) => Promise<void>;
  disabled?: boolean;
  /** Phone-sized buttons (My day). */
  large?: boolean;
}

/** Pass / Fail of an open inspection (issue 40): the inspector's day and the task's page. */
export function InspectionActions({ items, onRecord, disabled, large }: InspectionActionsProps) {
  const { t } = useTranslation();
  const [failing, setFailing] = useState(false);
  const [busy, setBusy] = useState(false);
  const pass = async () => {
    setBusy(true);
    try {
      await onRecord({ passed: true, failedItemIds: [], note: null });
    } finally {
      setBusy(false);
    }
  };
  const size = large ? 'large' : 'medium';
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="inspection-actions">
      <Button variant="contained" color="success" size={size} startIcon={<CheckCircleRoundedIcon />} onClick={() => void pass()} disabled={disabled || busy} sx={{ minHeight: large ? 56 : undefined }}>
        {t('tasks.inspection.pass')}
      </Button>
      <Button variant="outlined" color="error" size={size} startIcon={<CancelRoundedIcon />} onClick={() => setFailing(true)} disabled={disabled || busy} sx={{ minHeight: large ? 56 : undefined }}>
        {t('tasks.inspection.fail')}
      </Button>
      <InspectionFailDialog open={failing} items={items} onClose={() => setFailing(false)} onFail={onRecord} />
    </Box>
  );
}

type InspectedTask = Pick<Task, 'type' | 'inspection' | 'inspectionResult' | 'inspectionRound' | 'inspectsTaskId'>;

/**
 * Where a task stands with inspections: a cleaning's latest round (waiting, failed with the note and
 * the failed items, passed); an inspection's own result and a link to its cleaning.
 */
export function InspectionSummary({ task }: { task: InspectedTask }) {
  const { t } = useTranslation();
  if (task.type === 'inspection' && task.inspectsTaskId) {
    const result = task.inspectionResult;
    return (
      <Alert severity={result ? (result.passed ? 'success' : 'warning') : 'info'} data-testid="inspection-summary">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {result ? t(result.passed ? 'tasks.inspection.resultPassed' : 'tasks.inspection.resultFailed', { round: task.inspectionRound ?? 1 }) : t('tasks.inspection.open', { round: task.inspectionRound ?? 1 })}
        </Typography>
        {result?.note && <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{result.note}</Typography>}
        <Button component={RouterLink} to={`/tasks/${encodeURIComponent(task.inspectsTaskId)}`} size="small" sx={{ mt: 0.5, px: 0 }}>
          {t('tasks.inspection.openCleaning')}
        </Button>
      </Alert>
    );
  }
  const round = task.inspection;
  if (!round) return null;
  const severity = round.status === 'failed' ? 'error' : round.status === 'passed' ? 'success' : 'info';
  return (
    <Alert severity={severity} data-testid="inspection-summary">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t(`tasks.inspection.cleaning.${round.status}`, { round: round.round })}
      </Typography>
      {round.status === 'failed' && (round.failedItems?.length ?? 0) > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('tasks.inspection.failedItems')}>
          {round.failedItems!.map((item) => (
            <li key={item}>
              <Typography variant="body2">{item}</Typography>
            </li>
          ))}
        </Box>
      )}
      {round.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {t('tasks.inspection.noteSaid', { note: round.note })}
        </Typography>
      )}
      <Button component={RouterLink} to={`/tasks/${encodeURIComponent(round.inspectionTaskId)}`} size="small" sx={{ mt: 0.5, px: 0 }}>
        {t('tasks.inspection.openInspection')}
      </Button>
    </Alert>
  );
}
