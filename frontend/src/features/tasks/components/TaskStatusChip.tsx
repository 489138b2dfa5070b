import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '#shared/enums';

export interface TaskStatusChipProps {
  status: TaskStatus;
  size?: ChipProps['size'];
}

const COLORS: Record<TaskStatus, ChipProps['color']> = {
  pending: 'warning',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'default',
};

/** The status badge of a task (also used by the dashboard's recent tasks). */
export function TaskStatusChip({ status, size = 'small' }: TaskStatusChipProps) {
  const { t } = useTranslation();
  return (
    <Chip
      label={t(`tasks.statuses.${status}`, { defaultValue: status })}
      color={COLORS[status] ?? 'default'}
      variant="outlined"
      size={size}
      sx={{ flexShrink: 0 }}
    />
  );
}
