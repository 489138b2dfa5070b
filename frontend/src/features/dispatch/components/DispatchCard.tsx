import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import OpenWithRoundedIcon from '#icons/OpenWithRounded';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DispatchCard as Card } from '#shared/dispatch';
import { paths } from '../../../config/paths';
import { TaskTypeIcon } from '../../tasks/components/TaskTypeIcon';
import { isMovable } from '../utils/board-moves';
import { cardElementId } from '../hooks/use-card-focus';
import { CardWarnings } from './CardWarnings';
import { GuestsLeftLine } from '../../tasks/components/GuestsLeftLine';
import { dateTimeFormat } from '../../../lib/intl';

/** The drag payload type: a task id. */
export const CARD_DRAG_TYPE = 'application/x-rentalops-task';

const ACCENT = { cleaning: 'primary.main', maintenance: 'warning.main', laundry: 'secondary.main', inspection: 'success.main' } as const;

export interface DispatchCardProps {
  card: Card;
  timeZone: string;
  titleOf: (taskId: string) => string | undefined;
  /** Opens the Move dialog for this card (keyboard, touch, and the phone list). */
  onMove: (card: Card) => void;
  /** The assignee's name, shown where the row does not say it (the phone list). */
  assigneeName?: string;
}

/**
 * A task on the board: time, type (colour and icon), title (a link to the task), property and
 * warnings. Open tasks can be dragged, or moved with the Move button; Enter or M on the focused
 * card opens the Move dialog too.
 */
export function DispatchCard({ card, timeZone, titleOf, onMove, assigneeName }: DispatchCardProps) {
  const { t, i18n } = useTranslation();
  const { task } = card;
  const movable = isMovable(card);
  // The board names the company's zone once (its subtitle): cards show the wall-clock time only.
  const time = task.dueDate ? dateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(task.dueDate)) : '';
  const type = t(`dispatch.type.${task.type}`);
  const label = t('dispatch.card.label', { title: task.title, time, property: card.propertyName, type });
  return (
    <Paper
      variant="outlined"
      component="article"
      tabIndex={0}
      id={cardElementId(task.id)}
      aria-label={label}
      data-testid={`dispatch-card-${task.id}`}
      data-day={card.day}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, task.id);
        event.dataTransfer.setData('text/plain', task.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || !movable) return;
        if (event.key === 'Enter' || event.key === 'm' || event.key === 'M') {
          event.preventDefault();
          onMove(card);
        }
      }}
      sx={{
        p: 0.75,
        borderLeft: 4,
        borderLeftColor: ACCENT[task.type] ?? 'primary.main',
        cursor: movable ? 'grab' : 'default',
        opacity: movable ? 1 : 0.65,
        bgcolor: (theme) => (card.warnings.length ? alpha(theme.palette.warning.main, 0.08) : theme.palette.background.paper),
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {/* The time is never cut ("1:04 …" in a narrow day): when the day is too narrow for the icon,
          the time and the move button, the button goes below. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, minHeight: 24 }}>
        <TaskTypeIcon type={task.type} size={20} />
        <Typography variant="caption" sx={{ fontWeight: 600, flex: '1 0 auto', whiteSpace: 'nowrap' }}>
          {time}
        </Typography>
        {movable && (
          <IconButton size="small" aria-label={t('dispatch.card.move', { title: task.title })} onClick={() => onMove(card)} sx={{ m: -0.5, p: 0.5 }}>
            <OpenWithRoundedIcon sx={{ fontSize: 16 }} />
          </IconButton>
        )}
      </Box>
      <Link component={RouterLink} to={`${paths.tasks}/${task.id}`} variant="body2" sx={{ fontWeight: 600, display: 'block', mt: 0.25, overflowWrap: 'break-word', hyphens: 'auto' }} draggable={false}>
        {task.title}
      </Link>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', overflowWrap: 'break-word' }}>
        {task.status === 'pending' ? type : `${type} · ${t(`dispatch.status.${task.status}`)}`}
        {' · '}
        {card.propertyName}
        {assigneeName && ` · ${assigneeName}`}
      </Typography>
      <GuestsLeftLine guestLeftAt={task.guestLeftAt} timeZone={timeZone} />
      <CardWarnings warnings={card.warnings} timeZone={timeZone} titleOf={titleOf} />
    </Paper>
  );
}
