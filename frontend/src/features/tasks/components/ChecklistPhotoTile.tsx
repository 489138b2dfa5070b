import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlinedIcon from '#icons/AddAPhotoOutlined';
import BrokenImageOutlinedIcon from '#icons/BrokenImageOutlined';
import CameraAltRoundedIcon from '#icons/CameraAltRounded';
import { useTranslation } from 'react-i18next';
import type { TaskPhoto } from '../api/add-task-photo';
import type { ChecklistPhotoKind } from '../api/get-task-checklist';

export interface ChecklistPhotoTileProps {
  kind: ChecklistPhotoKind;
  /** The item's description (for the labels). */
  item: string;
  photo: TaskPhoto | null;
  /** The caller may add or replace it. */
  canAdd: boolean;
  /** Its upload is on its way. */
  busy: boolean;
  size: number | { xs: number; sm: number };
  broken: boolean;
  onOpen: () => void;
  onPick: () => void;
  onImageError: () => void;
}

/**
 * One square of an item's photo proof, as the person sees it: the photo (opens large; a small camera
 * button replaces it), an empty "Add" square for who may add one, or "No photo" for everyone else.
 */
export function ChecklistPhotoTile({ kind, item, photo, canAdd, busy, size, broken, onOpen, onPick, onImageError }: ChecklistPhotoTileProps) {
  const { t } = useTranslation();
  const labels = { item };
  const tile = {
    width: size,
    height: size,
    borderRadius: 1.5,
    overflow: 'hidden',
    position: 'relative',
    display: 'grid',
    placeItems: 'center',
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
  } as const;
  const empty = { ...tile, border: '1.5px dashed', borderColor: 'divider', bgcolor: 'grey.50', color: 'text.secondary' } as const;

  if (photo?.url) {
    return (
      <Box sx={{ position: 'relative' }}>
        <ButtonBase onClick={onOpen} aria-label={t(`tasks.checklist.open.${kind}`, labels)} sx={{ ...tile, border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
          {broken ? (
            <Tooltip title={t('tasks.photos.unavailable')}>
              <BrokenImageOutlinedIcon sx={{ color: 'text.disabled' }} />
            </Tooltip>
          ) : (
            <Box
              component="img"
              src={photo.url}
              alt={t(`tasks.checklist.alt.${kind}`, labels)}
              loading="lazy"
              decoding="async"
              onError={onImageError}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
          {busy && <Busy />}
        </ButtonBase>
        {canAdd && !busy && (
          <Tooltip title={t(`tasks.checklist.replace.${kind}`, labels)}>
            <IconButton
              size="small"
              onClick={onPick}
              aria-label={t(`tasks.checklist.replace.${kind}`, labels)}
              sx={{ position: 'absolute', right: 2, bottom: 2, p: 0.5, color: 'common.white', bgcolor: 'rgba(0,0,0,0.55)', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
            >
              <CameraAltRoundedIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    );
  }
  if (canAdd) {
    return (
      <ButtonBase onClick={onPick} disabled={busy} aria-label={t(`tasks.checklist.add.${kind}`, labels)} sx={{ ...empty, '&:hover': { borderColor: 'primary.main', color: 'primary.main' } }}>
        {busy ? (
          <Busy />
        ) : (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.25 }}>
            <AddAPhotoOutlinedIcon sx={{ fontSize: 22 }} />
            <Typography variant="caption" component="span" sx={{ lineHeight: 1.2 }}>
              {t('tasks.checklist.addShort')}
            </Typography>
          </Box>
        )}
      </ButtonBase>
    );
  }
  return (
    <Box sx={empty} aria-label={t(`tasks.checklist.missing.${kind}`, labels)} role="img">
      <Typography variant="caption" component="span" sx={{ px: 0.5, textAlign: 'center', lineHeight: 1.2 }}>
        {t('tasks.checklist.noPhoto')}
      </Typography>
    </Box>
  );
}

function Busy() {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255,255,255,0.7)' }}>
      <CircularProgress size={22} aria-label={t('tasks.checklist.uploading')} />
    </Box>
  );
}
