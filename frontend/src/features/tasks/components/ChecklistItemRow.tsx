import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-client';
import type { ChecklistItemView, TaskChecklist } from '../api/get-task-checklist';
import { ChecklistPhotoPair } from './ChecklistPhotoPair';

export interface ChecklistItemRowProps {
  taskId: string;
  checklistId: string;
  item: ChecklistItemView;
  /** The first row has no top border. */
  first: boolean;
  /** The caller may tick and add photos (the assignee or a manager, on an open task). */
  mayWork: boolean;
  /** The item's tick is on its way. */
  saving: boolean;
  /** Someone else changed this item (after a 409): marked until the notice is dismissed. */
  changed: boolean;
  /** The side of one photo tile. */
  photoSize: number | { xs: number; sm: number };
  onTick: (item: ChecklistItemView, isCompleted: boolean) => void;
  onPhotoRecorded: (checklist: TaskChecklist) => void;
  /** A photo was refused with 409: the slot changed meanwhile. */
  onPhotoConflict: (error: ApiError) => void;
  onAnnounce: (text: string) => void;
}

/** One checklist item: its checkbox, description, required mark, and before | after photos. */
export function ChecklistItemRow({ taskId, checklistId, item, first, mayWork, saving, changed, photoSize, onTick, onPhotoRecorded, onPhotoConflict, onAnnounce }: ChecklistItemRowProps) {
  const { t } = useTranslation();
  const labelId = `${checklistId}-${item.id}-label`;
  return (
    <Box
      component="li"
      data-changed={changed || undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 1,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
        ...(changed && { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08), boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.warning.main}`, px: 1 }),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
        <Checkbox
          checked={item.isCompleted}
          disabled={!mayWork || saving}
          onChange={(event) => onTick(item, event.target.checked)}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          // Read only (a reviewer, a closed task): done items in green rather than greyed out.
          sx={{ mt: -0.5, ml: -1, ...(!mayWork && { '&.Mui-checked.Mui-disabled': { color: 'success.main' } }) }}
        />
        <Box id={labelId} sx={{ minWidth: 0, pt: 0.25 }}>
          <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', color: mayWork && item.isCompleted ? 'text.secondary' : 'text.primary' }}>
            {item.description}
          </Typography>
          {item.required && (
            <Chip
              label={t('tasks.checklist.required')}
              size="small"
              color={item.isCompleted ? 'default' : 'warning'}
              variant="outlined"
              sx={{ ml: 1, height: 20, fontSize: 11, verticalAlign: 'text-bottom' }}
            />
          )}
          {changed && <Chip label={t('tasks.checklist.changed')} size="small" color="warning" sx={{ ml: 1, height: 20, fontSize: 11, verticalAlign: 'text-bottom' }} />}
        </Box>
      </Box>
      <Box sx={{ pl: { xs: 4, sm: 0 } }}>
        <ChecklistPhotoPair
          taskId={taskId}
          item={item}
          canAdd={mayWork}
          size={photoSize}
          onRecorded={onPhotoRecorded}
          onConflict={onPhotoConflict}
          onAnnounce={onAnnounce}
        />
      </Box>
    </Box>
  );
}
