import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DispatchCard, DispatchRow } from '#shared/dispatch';
import { formatInstant } from '../../../lib/zoned-format';
import { rowKey } from '../utils/board-moves';
import { moveRefusal } from '../utils/board-moves';
import { formatDay, rowName } from '../utils/format';

export interface MoveTaskDialogProps {
  card: DispatchCard | null;
  /** The row the card is in now. */
  currentRow: string | undefined;
  rows: DispatchRow[];
  days: string[];
  timeZone: string;
  onClose: () => void;
  onMove: (taskId: string, row: string, day: string) => void;
}

/** "Move": choose the member (or unassigned) and the day of the week; the time of day is kept. */
export function MoveTaskDialog({ card, currentRow, rows, days, timeZone, onClose, onMove }: MoveTaskDialogProps) {
  const { t, i18n } = useTranslation();
  const [row, setRow] = useState(currentRow ?? '');
  const [day, setDay] = useState(card?.day ?? days[0]);
  useEffect(() => {
    setRow(currentRow ?? '');
    setDay(card?.day ?? days[0]);
  }, [card, currentRow, days]);
  const unchanged = row === currentRow && day === card?.day;
  return (
    // Focus is not restored by the dialog: the page puts it on the card (its new element after a move).
    <Dialog open={Boolean(card)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-task-title" disableRestoreFocus>
      <DialogTitle id="move-task-title">{t('dispatch.moveDialog.title', { title: card?.task.title ?? '' })}</DialogTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!card || unchanged) return;
          onMove(card.task.id, row, day);
          onClose();
        }}
      >
        <DialogContent sx={{ pt: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('dispatch.moveDialog.keepsTime', { time: formatInstant(card?.task.dueDate, i18n.language, 'time', timeZone) })}
          </Typography>
          <Stack spacing={2}>
            <TextField select label={t('dispatch.moveDialog.member')} value={row} onChange={(event) => setRow(event.target.value)} fullWidth>
              {rows
                .filter((r) => !r.member?.former)
                .map((r) => (
                  <MenuItem key={rowKey(r)} value={rowKey(r)}>
                    {rowName(t, r)}
                  </MenuItem>
                ))}
            </TextField>
            <TextField select label={t('dispatch.moveDialog.day')} value={day} onChange={(event) => setDay(event.target.value)} fullWidth>
              {days.map((d) => (
                // A day that has passed is not offered (its own day stays: the task may change hands).
                <MenuItem key={d} value={d} disabled={card ? moveRefusal(card, d, new Date(), timeZone) === 'pastDay' : false}>
                  {formatDay(d, i18n.language, 'long')}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={unchanged}>
            {t('dispatch.moveDialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
