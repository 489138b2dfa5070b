import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MapOutlinedIcon from '#icons/MapOutlined';
import KeyOutlinedIcon from '#icons/KeyOutlined';
import EventAvailableOutlinedIcon from '#icons/EventAvailableOutlined';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/zoned-format';
import type { MyDayTask } from '../api/get-my-tasks';

/** Where to go and how to get in: the address with a map link, door code and access notes, the next guest. */
export function PropertyBlock({ task, timeZone }: { task: MyDayTask; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { property, nextCheckin } = task;
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      {property && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{property.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {property.address}
            </Typography>
          </Box>
          {property.mapUrl && (
            <Button
              variant="outlined"
              href={property.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<MapOutlinedIcon />}
              sx={{ minHeight: 48 }}
              aria-label={`${t('myDay.task.openMap')}: ${property.address}`}
            >
              {t('myDay.task.openMap')}
            </Button>
          )}
        </Box>
      )}
      {property?.doorCode && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <KeyOutlinedIcon sx={{ color: 'text.secondary' }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('myDay.task.doorCode')}
          </Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '1.25rem', fontWeight: 700, letterSpacing: '0.08em' }}>{property.doorCode}</Typography>
        </Box>
      )}
      {property?.accessNotes && (
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
            {t('myDay.task.accessNotes')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {property.accessNotes}
          </Typography>
        </Box>
      )}
      {nextCheckin &&
        (nextCheckin.sameDay ? (
          <Alert severity="warning" icon={<EventAvailableOutlinedIcon />} sx={{ fontWeight: 600 }}>
            {t('myDay.task.sameDay', { time: formatInstant(nextCheckin.checkinDate, language, 'time', timeZone) })}
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('myDay.task.nextGuest', { name: nextCheckin.guestName, date: formatInstant(nextCheckin.checkinDate, language, 'dateTime', timeZone) })}
          </Typography>
        ))}
    </Box>
  );
}
