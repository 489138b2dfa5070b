import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError, isUnauthorizedError, type ApiError } from '../../../lib/api-client';
import type { TaskPhoto } from '../api/add-task-photo';
import { addChecklistItemPhoto } from '../api/add-checklist-item-photo';
import { createUploadUrl } from '../api/create-upload-url';
import type { ChecklistItemView, ChecklistPhotoKind, TaskChecklist } from '../api/get-task-checklist';
import { useBrokenPhotos } from '../hooks/use-broken-photos';
import { ChecklistPhotoTile } from './ChecklistPhotoTile';
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
  /**
   * The slot was changed by someone else since this screen read it (409): the screen reads the
   * checklist again and shows what changed. Without it, the refusal is a toast like any other.
   */
  onConflict?: (error: ApiError) => void;
  /** The outcome of an upload, for a live region (toasts are hidden from screen readers in a dialog). */
  onAnnounce?: (text: string) => void;
}

/**
 * A checklist item's photo proof, side by side: before | after. A tile with a photo opens it large
 * (the task photos' lightbox, before then after); an empty tile takes a photo — on a phone, the
 * camera or the gallery — which goes up at once through the task photos' presigned upload
 * (POST /api/objects/upload, the PUT to storage) and is recorded on the item.
 */
export function ChecklistPhotoPair({ taskId, item, canAdd, size, onRecorded, onConflict, onAnnounce }: ChecklistPhotoPairProps) {
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
          // The photo this screen shows in the slot (none: null): someone else's newer one is a 409, not overwritten.
          recordPhoto: ({ photoURL }) => addChecklistItemPhoto(taskId, item.id, { kind, photoURL, replaces: photoOf(kind)?.key ?? null }),
          describeError: (error) => errorMessage(error),
        });
        // The new thumbnail says it visually (a toast per photo would cover the screen while a
        // cleaner takes one after another); screen readers hear it.
        onRecorded(checklist as TaskChecklist);
        onAnnounce?.(t(`tasks.checklist.photoSaved.${kind}`, labels));
      } catch (error) {
        if (isUnauthorizedError(error instanceof PhotoUploadError ? error.cause : error)) return; // the layout signs in again
        const cause = error instanceof PhotoUploadError ? error.cause : error;
        if (onConflict && isApiError(cause) && cause.status === 409) {
          onConflict(cause);
          return;
        }
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

  return (
    <>
      <Box
        role="group"
        aria-label={t('tasks.checklist.photosOf', labels)}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: 1, flexShrink: 0 }}
      >
        {KINDS.map((kind) => {
          const photo = photoOf(kind);
          return (
            <Box key={kind} sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
              <Typography variant="caption" component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 600, lineHeight: 1.4 }}>
                {t(`tasks.checklist.${kind}`)}
              </Typography>
              <ChecklistPhotoTile
                kind={kind}
                item={item.description}
                photo={photo}
                canAdd={canAdd}
                busy={uploading.has(kind)}
                size={size}
                broken={Boolean(photo?.url && isBroken(photo.url))}
                onOpen={() => setViewer({ open: true, index: shown.indexOf(kind) })}
                onPick={() => inputs.current[kind]?.click()}
                onImageError={() => photo && onImageError(photo.url)}
              />
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
