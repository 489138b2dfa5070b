import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CalendarBlock } from '../../api/types';
import { blockToCheck } from '../../utils/calendar-bars';
import { nightsOf } from '../../utils/calendar';
import { formatDay, sourceName } from '../../utils/format';

export interface BlockPopoverProps {
  block: CalendarBlock | null;
  anchor: HTMLElement | null;
  /** CEO and managers: "Not a stay - no cleaning". */
  canManage: boolean;
  pending: boolean;
  onDismiss: (block: CalendarBlock) => void;
  onClose: () => void;
}

/**
 * A block's details: its channel, what the channel wrote, its days. A Booking.com stretch (the export
 * cannot tell a booking from a closure) shows its turnover cleaning and, for managers, the one click
 * that says it was not a stay.
 */
export function BlockPopover({ block, anchor, canManage, pending, onDismiss, onClose }: BlockPopoverProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const titleId = useId();
  const open = Boolean(block && anchor);
  const toCheck = block ? blockToCheck(block) : false;
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, maxWidth: 340, display: 'grid', gap: 1 }, 'data-testid': 'block-details' } as object }}
    >
      {block && (
        <>
          <Typography id={titleId} variant="subtitle2" component="h3">
            {toCheck
              ? t('reservations.stretch.title', { source: sourceName(t, block.source) })
              : t(`reservations.calendar.blockTexts.${block.ambiguous ? 'notAStay' : 'blocked'}`, { source: sourceName(t, block.source) })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('reservations.stretch.days', {
              start: formatDay(block.start, language),
              end: formatDay(block.end, language),
              nights: t('reservations.nights', { count: nightsOf(block) }),
            })}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('reservations.stretch.channelSays', { summary: block.summary })}
          </Typography>
          {block.ambiguous && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {toCheck ? t('reservations.stretch.explanation', { date: formatDay(block.end, language) }) : t('reservations.stretch.dismissedNote')}
            </Typography>
          )}
          {(block.turnoverTaskId || (toCheck && canManage)) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
              {block.turnoverTaskId && (
                <Link component={RouterLink} to={`/tasks/${encodeURIComponent(block.turnoverTaskId)}`} variant="body2">
                  {t('reservations.dialog.openTurnover')}
                </Link>
              )}
              {toCheck && canManage && (
                <Button size="small" variant="contained" color="warning" disabled={pending} onClick={() => onDismiss(block)} sx={{ ml: 'auto' }}>
                  {t('reservations.stretch.dismiss')}
                </Button>
              )}
            </Box>
          )}
        </>
      )}
    </Popover>
  );
}
