import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../utils/format';
import { CARD_DRAG_TYPE } from './DispatchCard';

export interface DayCellProps {
  rowKey: string;
  day: string;
  /** "Ana Lima, Tuesday, June 4": the drop zone's name. */
  label: string;
  minutes: number;
  shifts: string[] | undefined;
  today: boolean;
  onDropTask: (taskId: string, row: string, day: string) => void;
  children: ReactNode;
}

/** One member's (or the unassigned row's) day: a drop zone for cards. */
export function DayCell({ rowKey, day, label, minutes, shifts, today, onDropTask, children }: DayCellProps) {
  const { t, i18n } = useTranslation();
  const [over, setOver] = useState(false);
  const accepts = (types: readonly string[]) => types.includes(CARD_DRAG_TYPE);
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`dispatch-cell-${rowKey}-${day}`}
      onDragOver={(event) => {
        if (!accepts(event.dataTransfer.types)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const taskId = event.dataTransfer.getData(CARD_DRAG_TYPE);
        if (!taskId) return;
        event.preventDefault();
        onDropTask(taskId, rowKey, day);
      }}
      sx={{
        p: 0.75,
        flex: 1,
        minHeight: 96,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.75,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: (theme) =>
          over ? alpha(theme.palette.primary.main, 0.12) : today ? alpha(theme.palette.primary.main, 0.04) : 'transparent',
        outline: over ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: 'primary.main',
      }}
    >
      {(minutes > 0 || shifts?.length) && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {minutes > 0 && t('dispatch.cell.hours', { hours: formatHours(minutes, i18n.language) })}
          {minutes > 0 && shifts?.length ? ' · ' : ''}
          {shifts?.length ? shifts.map((shift) => t(`dispatch.shift.${shift}`)).join(', ') : ''}
        </Typography>
      )}
      {children}
    </Box>
  );
}
