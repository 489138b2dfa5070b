import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { OwnerPhoto } from '../api/types';

/** A row of a task's photos; each opens the full picture in a new tab. */
export function PhotoStrip({ photos, title }: { photos: OwnerPhoto[]; title: string }) {
  const { t } = useTranslation();
  if (!photos.length) return null;
  return (
    <Box component="ul" aria-label={t('ownerPortal.work.photos', { title })} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, overflowX: 'auto' }}>
      {photos.map((photo, index) => (
        <Box component="li" key={photo.url} sx={{ flexShrink: 0 }}>
          <Link href={photo.url} target="_blank" rel="noopener noreferrer" aria-label={t('ownerPortal.work.photo', { number: index + 1, title })}>
            <Box
              component="img"
              src={photo.thumbnailUrl ?? photo.url}
              alt=""
              loading="lazy"
              data-testid="owner-photo"
              sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.200' }}
            />
          </Link>
        </Box>
      ))}
    </Box>
  );
}
