import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import CameraAltRoundedIcon from '@mui/icons-material/CameraAltRounded';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import type { TaskPhoto } from '../api/add-task-photo';
import { addChecklistItemPhoto } from '../api/add-checklist-item-photo';
import { createUploadUrl } from '../api/create-upload-url';
import type { ChecklistItemView, ChecklistPhotoKind, TaskChecklist } from '../api/get-task-checklist';
import { useBrokenPhotos } from '../hooks/use-broken-photos';
import { TaskPhotosLightbox } from './TaskPhotosLightbox';

// The upload utilities (Uppy core and its S3 plugin) are loaded on the first photo only.
const loadUploader = () => import('../utils/photo-upload');

const KINDS: readonly ChecklistPhotoKind[] = ['before', 'after'];

/** Presigned GETs last about 15 minutes: a failed image reads the task again, at most once a minute. */
export interface ChecklistPhotoPairProps {
  taskId: string;
  item: ChecklistItemView;
  /** The caller may add and replace the photos (the assignee or a manager, on an open task). */
  canAdd: boolean;
  /** The side of one square tile, in px (a breakpoint object is fine). */
  size: number | { xs: number; sm: number };
  /** A photo was recorded: the checklist as the server answered. */
  onRecorded: (checklist: TaskChecklist) => void;
  /** The outcome of an upload, for a live region (toasts are hidden from screen readers in a dialog). */
  onAnnounce?: (text: string) => void;
}

/**
 * A checklist item's photo proof, side by side: before | after. A tile with a photo opens it large
 * (the task photos' lightbox, before then after); an empty tile takes a photo — on a phone, the
 * camera or the gallery — which goes up at once through the task photos' presigned upload
 * (POST /api/objects/upload, the PUT to storage) and is recorded on the item.
 */
export function ChecklistPhotoPair({ taskId, item, canAdd, size, onRecorded, onAnnounce }: ChecklistPhotoPairProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const inputs = useRef<Partial<Record<ChecklistPhotoKind, HTMLInputElement | null>>>({});
  const [uploading, setUploading] = useState<ReadonlySet<ChecklistPhotoKind>>(new Set());
  const { isBroken, onImageError } = useBrokenPhotos();
  const [viewer, setViewer] = useState({ open: false, index: 0 });

  const photoOf = (kind: ChecklistPhotoKind): TaskPhoto | null => (kind === 'before' ? item.photoBefore : item.photoAfter);
  const shown = KINDS.filter((kind) => photoOf(kind)?.url);
  const photos = shown.map((kind) => photoOf(kind) as TaskPhoto);
  const captions = shown.map((kind) => t(`tasks.checklist.${kind}`));
  const labels = { item: item.description };

  const setBusy = (kind: ChecklistPhotoKind, busy: boolean) =>
    setUploading((current) => {
      const next = new Set(current);
      if (busy) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const upload = async (kind: ChecklistPhotoKind, file: File) => {
    setBusy(kind, true);
    try {
      const { uploadOnePhoto, uppyLocale, PhotoUploadError } = await loadUploader().catch((error: unknown) => {
        throw Object.assign(new Error(t('tasks.photos.loadFailed')), { cause: error });
      });
      try {
        const checklist = await uploadOnePhoto(file, {
          taskId,
          locale: uppyLocale((key, options) => t(key, options), i18n.resolvedLanguage ?? 'en'),
          requestUploadUrl: createUploadUrl,
          recordPhoto: ({ photoURL }) => addChecklistItemPhoto(taskId, item.id, { kind, photoURL }),
          describeError: (error) => errorMessage(error),
        });
        // The new thumbnail says it visually (a toast per photo would cover the screen while a
        // cleaner takes one after another); screen readers hear it.
        onRecorded(checklist as TaskChecklist);
        onAnnounce?.(t(`tasks.checklist.photoSaved.${kind}`, labels));
      } catch (error) {
        if (isUnauthorizedError(error instanceof PhotoUploadError ? error.cause : error)) return; // the layout signs in again
        const title =
          error instanceof PhotoUploadError && error.stage === 'uploadUrl'
            ? t('tasks.photos.toast.uploadUrlFailed')
            : error instanceof PhotoUploadError && error.stage === 'record'
              ? t('tasks.photos.toast.processFailed')
              : t('tasks.checklist.photoFailed');
        const description = error instanceof Error ? error.message : String(error);
        toast({ variant: 'destructive', title, description });
        onAnnounce?.(`${title}: ${description}`);
      }
    } catch (error) {
      const description = error instanceof Error ? error.message : String(error);
      toast({ variant: 'destructive', title: t('tasks.checklist.photoFailed'), description });
      onAnnounce?.(description);
    } finally {
      setBusy(kind, false);
    }
  };

  const onPicked = (kind: ChecklistPhotoKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same picture can be chosen again
    if (file) void upload(kind, file);
  };

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

  return (
    <>
      <Box
        role="group"
        aria-label={t('tasks.checklist.photosOf', labels)}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: 1, flexShrink: 0 }}
      >
        {KINDS.map((kind) => {
          const photo = photoOf(kind);
          const busy = uploading.has(kind);
          return (
            <Box key={kind} sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
              <Typography variant="caption" component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 600, lineHeight: 1.4 }}>
                {t(`tasks.checklist.${kind}`)}
              </Typography>
              {photo?.url ? (
                <Box sx={{ position: 'relative' }}>
                  <ButtonBase
                    onClick={() => setViewer({ open: true, index: shown.indexOf(kind) })}
                    aria-label={t(`tasks.checklist.open.${kind}`, labels)}
                    sx={{ ...tile, border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}
                  >
                    {isBroken(photo.url) ? (
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
                        onError={() => onImageError(photo.url)}
                        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                      />
                    )}
                    {busy && <Busy />}
                  </ButtonBase>
                  {canAdd && !busy && (
                    <Tooltip title={t(`tasks.checklist.replace.${kind}`, labels)}>
                      <IconButton
                        size="small"
                        onClick={() => inputs.current[kind]?.click()}
                        aria-label={t(`tasks.checklist.replace.${kind}`, labels)}
                        sx={{
                          position: 'absolute',
                          right: 2,
                          bottom: 2,
                          p: 0.5,
                          color: 'common.white',
                          bgcolor: 'rgba(0,0,0,0.55)',
                          '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
                        }}
                      >
                        <CameraAltRoundedIcon sx={{ fontSize: 16 }} />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              ) : canAdd ? (
                <ButtonBase
                  onClick={() => inputs.current[kind]?.click()}
                  disabled={busy}
                  aria-label={t(`tasks.checklist.add.${kind}`, labels)}
                  sx={{ ...empty, '&:hover': { borderColor: 'primary.main', color: 'primary.main' } }}
                >
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
              ) : (
                <Box sx={empty} aria-label={t(`tasks.checklist.missing.${kind}`, labels)} role="img">
                  <Typography variant="caption" component="span" sx={{ px: 0.5, textAlign: 'center', lineHeight: 1.2 }}>
                    {t('tasks.checklist.noPhoto')}
                  </Typography>
                </Box>
              )}
              {canAdd && (
                <Box
                  component="input"
                  type="file"
                  accept="image/*"
                  hidden
                  tabIndex={-1}
                  aria-hidden
                  name={`photo-${kind}`}
                  ref={(element: HTMLInputElement | null) => {
                    inputs.current[kind] = element;
                  }}
                  onChange={onPicked(kind)}
                />
              )}
            </Box>
          );
        })}
      </Box>
      {photos.length > 0 && (
        <TaskPhotosLightbox
          open={viewer.open}
          photos={photos}
          captions={captions}
          index={viewer.index}
          title={item.description}
          onIndexChange={(index) => setViewer({ open: true, index })}
          onClose={() => setViewer((current) => ({ ...current, open: false }))}
        />
      )}
    </>
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
