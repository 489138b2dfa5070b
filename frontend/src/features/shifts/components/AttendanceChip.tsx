import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AttendanceStatus } from '#shared/rules';

const COLORS: Record<AttendanceStatus, ChipProps['color']> = {
  present: 'success',
  late: 'warning',
  absent: 'error',
  scheduled: 'default',
};

export interface AttendanceChipProps {
  status: AttendanceStatus;
}

/** Presente / Atrasado / Ausente, or Aguardando before the member has started. */
export function AttendanceChip({ status }: AttendanceChipProps) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'scheduled' ? 'outlined' : 'filled'}
      label={t(`shifts.status.${status}`)}
      data-status={status}
    />
  );
}
