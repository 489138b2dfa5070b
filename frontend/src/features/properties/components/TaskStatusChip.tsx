import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '#shared/enums';

const COLORS: Record<TaskStatus, ChipProps['color']> = {
  pending: 'warning',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'default',
};

export interface TaskStatusChipProps {
  status: TaskStatus;
}

export function TaskStatusChip({ status }: TaskStatusChipProps) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={t(`properties.taskStatus.${status}`, { defaultValue: status })} />;
}
