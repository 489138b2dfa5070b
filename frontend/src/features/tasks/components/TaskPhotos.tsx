import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import BrokenImageOutlinedIcon from '#icons/BrokenImageOutlined';
import { useTranslation } from 'react-i18next';
import type { TaskPhoto } from '../api/add-task-photo';
import { useBrokenPhotos } from '../hooks/use-broken-photos';
import { TaskPhotosLightbox } from './TaskPhotosLightbox';

export interface TaskPhotosProps {
  photos: TaskPhoto[];
  /** The task's title (alternative texts). */
  title: string;
  /** `strip`: one row of small thumbnails (a card, the dialog); `grid`: larger tiles (the task page). */
  variant?: 'strip' | 'grid';
  /** strip: thumbnails shown before a "+N" tile. */
  max?: number;
}

/** A task's photos as thumbnails; a click opens the photo large (TaskPhotosLightbox). */
export function TaskPhotos({ photos, title, variant = 'strip', max = 4 }: TaskPhotosProps) {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState({ open: false, index: 0 });
  const { isBroken, onImageError } = useBrokenPhotos();
  if (photos.length === 0) return null;

  const strip = variant === 'strip';
  const shown = strip && photos.length > max ? photos.slice(0, max - 1) : photos;
  const hidden = photos.length - shown.length;
  const size = strip ? 56 : undefined;
  const open = (index: number) => setViewer({ open: true, index });

  const tile = {
    width: size,
    height: size,
    aspectRatio: '1',
    borderRadius: 1.5,
    overflow: 'hidden',
    bgcolor: 'grey.100',
    border: 1,
    borderColor: 'divider',
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
  } as const;

  return (
    <>
      <Box
        component="ul"
        aria-label={t('tasks.photos.title')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: strip ? 'flex' : 'grid',
          flexWrap: 'wrap',
          gap: strip ? 1 : 1.5,
          gridTemplateColumns: strip ? undefined : 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
        }}
      >
        {shown.map((photo, index) => (
          <Box component="li" key={photo.key} sx={{ display: 'flex' }}>
            <ButtonBase
              onClick={() => open(index)}
              aria-label={t('tasks.photos.open', { index: index + 1, total: photos.length })}
              sx={{ ...tile, width: size ?? '100%' }}
            >
              {isBroken(photo.url) ? (
                <Tooltip title={t('tasks.photos.unavailable')}>
                  <BrokenImageOutlinedIcon sx={{ color: 'text.disabled' }} />
                </Tooltip>
              ) : (
                <Box
                  component="img"
                  src={photo.url}
                  alt={t('tasks.photos.alt', { index: index + 1, total: photos.length, title })}
                  loading="lazy"
                  decoding="async"
                  onError={() => onImageError(photo.url)}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              )}
            </ButtonBase>
          </Box>
        ))}
        {hidden > 0 && (
          <Box component="li" sx={{ display: 'flex' }}>
            <ButtonBase
              onClick={() => open(shown.length)}
              aria-label={t('tasks.photos.moreLabel', { count: hidden })}
              sx={{ ...tile, typography: 'subtitle2', color: 'text.secondary' }}
            >
              +{hidden}
            </ButtonBase>
          </Box>
        )}
      </Box>
      <TaskPhotosLightbox
        open={viewer.open}
        photos={photos}
        index={viewer.index}
        title={title}
        onIndexChange={(index) => setViewer({ open: true, index })}
        onClose={() => setViewer((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
