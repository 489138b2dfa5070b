import { useId, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeftRoundedIcon from '#icons/ChevronLeftRounded';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import CloseRoundedIcon from '#icons/CloseRounded';
import { useTranslation } from 'react-i18next';
import type { TaskPhoto } from '../api/add-task-photo';
import { formatDateTime } from '../utils/datetime';
import { useCompanyTimeZone } from '../../companies/api/get-companies';

export interface TaskPhotosLightboxProps {
  open: boolean;
  photos: TaskPhoto[];
  /** The photo shown (kept while the dialog fades out). */
  index: number;
  /** The task's title, for the alternative text. */
  title: string;
  /** A caption per photo said before "Photo 1 of 2" (e.g. a checklist item's "Before" and "After"). */
  captions?: readonly string[];
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** One photo of a task, large, over the page; previous/next by buttons and the arrow keys. */
export function TaskPhotosLightbox({ open, photos, index, title, captions, onIndexChange, onClose }: TaskPhotosLightboxProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const total = photos.length;
  const photo = photos[Math.min(index, total - 1)];
  if (!photo) return null;
  const position = Math.min(index, total - 1) + 1;
  const go = (step: number) => onIndexChange((index + step + total) % total);
  const uploaded = formatDateTime(photo.uploadedAt, i18n.resolvedLanguage ?? 'en', timeZone);
  const caption = captions?.[position - 1];

  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const arrow = { position: 'absolute', top: '50%', transform: 'translateY(-50%)', color: 'common.white', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } } as const;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onKeyDown={onKeyDown}
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white', overflow: 'hidden' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {caption && `${caption} · `}
            {t('tasks.photos.lightboxTitle', { index: position, total })}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'grey.400' }}>
            {title}
            {uploaded && ` · ${t('tasks.photos.uploadedAt', { date: uploaded })}`}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('common.close')} sx={{ color: 'common.white' }}>
          <CloseRoundedIcon />
        </IconButton>
      </Box>
      <Box sx={{ position: 'relative', display: 'grid', placeItems: 'center', bgcolor: 'common.black', flex: 1, minHeight: 200 }}>
        <Box
          component="img"
          key={photo.key}
          src={photo.url}
          alt={t('tasks.photos.alt', { index: position, total, title })}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: phone ? 'calc(100dvh - 72px)' : 'calc(100dvh - 160px)', objectFit: 'contain' }}
        />
        {total > 1 && (
          <>
            <IconButton onClick={() => go(-1)} aria-label={t('tasks.photos.previous')} sx={{ ...arrow, left: 8 }}>
              <ChevronLeftRoundedIcon />
            </IconButton>
            <IconButton onClick={() => go(1)} aria-label={t('tasks.photos.next')} sx={{ ...arrow, right: 8 }}>
              <ChevronRightRoundedIcon />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}
