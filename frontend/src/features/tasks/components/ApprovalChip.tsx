import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus, Task } from '#shared/schemas';
import { formatCents } from '../../../lib/intl';

const COLORS: Record<ApprovalStatus, ChipProps['color']> = { pending: 'warning', approved: 'success', declined: 'error' };

/**
 * A repair the owner pays for (issue 41 point 4): "Waiting for the owner's approval", approved or
 * declined, with the estimate asked about (and the owner's note as its tooltip). Nothing when no
 * approval was asked.
 */
export function ApprovalChip({ task, size = 'small' }: { task: Pick<Task, 'approval'>; size?: ChipProps['size'] }) {
  const { t, i18n } = useTranslation();
  const approval = task.approval;
  if (!approval) return null;
  const cost = formatCents(approval.estimatedCost, i18n.language);
  return (
    <Chip
      size={size}
      color={COLORS[approval.status]}
      variant={approval.status === 'pending' ? 'filled' : 'outlined'}
      label={t(`tasks.approval.${approval.status}`, { cost })}
      title={approval.note ? t('tasks.approval.note', { note: approval.note }) : undefined}
      data-testid="task-approval"
      data-status={approval.status}
      sx={{ maxWidth: '100%' }}
    />
  );
}
