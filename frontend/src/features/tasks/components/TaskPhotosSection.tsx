// The task dialog's photos: the task's photos (a strip) and "Add photos", which opens the photo step.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRoundedIcon from '#icons/AddPhotoAlternateRounded';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { photosOf, type TaskWithPhotos } from '../api/add-task-photo';
import { preloadPhotoUpload } from './PhotoUploadStep';
import { TaskPhotos } from './TaskPhotos';

interface TaskPhotosSectionProps {
  titleId: string;
  /** The task being edited (with its newest photos); absent when creating. */
  task?: Task | TaskWithPhotos;
  disabled: boolean;
  onAddPhotos: () => void;
}

export function TaskPhotosSection({ titleId, task, disabled, onAddPhotos }: TaskPhotosSectionProps) {
  const { t } = useTranslation();
  const photos = task ? photosOf(task) : [];
  return (
    <Box component="section" aria-labelledby={`${titleId}-photos`} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: task ? 32 : undefined }}>
        <Typography id={`${titleId}-photos`} variant="subtitle2" component="h3">
          {t('tasks.photos.title')}
          {photos.length > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' · '}
              {t('tasks.photos.count', { count: photos.length })}
            </Box>
          )}
        </Typography>
        {task && (
          <Button
            size="small"
            startIcon={<AddPhotoAlternateRoundedIcon />}
            onClick={onAddPhotos}
            onMouseEnter={preloadPhotoUpload}
            onFocus={preloadPhotoUpload}
            disabled={disabled}
          >
            {t('tasks.photos.add')}
          </Button>
        )}
      </Box>
      {task && photos.length > 0 ? (
        <TaskPhotos photos={photos} title={task.title} variant="strip" max={6} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(task ? 'tasks.photos.none' : 'tasks.photos.createHint')}
        </Typography>
      )}
    </Box>
  );
}
