import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreRoundedIcon from '#icons/ExpandMoreRounded';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/zoned-format';
import type { DayTask } from '../utils/overlay';

/**
 * A task of a later day, one line to tap: when, what, where (and a same-day turnover's warning).
 * Opening it shows the whole card. Today's and overdue tasks are shown whole from the start; the
 * rest of the week stays short, so the phone draws what matters first.
 */
export function LaterTaskRow({ task, timeZone, onOpen }: { task: DayTask; timeZone: string; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const when = task.dueDate ? formatInstant(task.dueDate, language, 'time', timeZone) : '';
  return (
    <ButtonBase
      onClick={onOpen}
      aria-expanded={false}
      aria-label={t('myDay.laterRow', { title: task.title, property: task.property?.name ?? '', time: when })}
      sx={{
        minHeight: 56,
        px: 2,
        py: 1,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        justifyContent: 'space-between',
        textAlign: 'left',
        gap: 1.5,
        // A grid item: without this, a long title (a guest's name from a channel) widens the page.
        minWidth: 0,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {when && `${when} · `}
          {task.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
          {task.property?.name}
          {task.nextCheckin?.sameDay && ` · ${t('myDay.laterSameDay')}`}
        </Typography>
      </Box>
      <ExpandMoreRoundedIcon aria-hidden sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}
