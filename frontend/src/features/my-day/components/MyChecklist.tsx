import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '#icons/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import type { PhotoKind } from '../../../lib/offline/types';
import type { MyChecklist as Checklist, MyChecklistItem } from '../api/get-my-tasks';
import type { LocalPhoto } from '../utils/overlay';
import { PhotoPicker, Thumb } from './PhotoPicker';

export interface MyChecklistProps {
  taskId: string;
  checklist: Checklist;
  localPhotos: LocalPhoto[];
  /** The member may tick and add proofs (the task is open). */
  editable: boolean;
  onTick: (item: MyChecklistItem, isCompleted: boolean) => void;
  onPhoto: (item: MyChecklistItem, kind: PhotoKind, file: File) => void;
}

function ProofTile({ item, kind, src, local, editable, onPhoto }: {
  item: MyChecklistItem;
  kind: PhotoKind;
  src: string | null;
  local: LocalPhoto | undefined;
  editable: boolean;
  onPhoto: MyChecklistProps['onPhoto'];
}) {
  const { t } = useTranslation();
  const label = t(kind === 'before' ? 'myDay.checklist.addBefore' : 'myDay.checklist.addAfter', { item: item.description });
  const content = local || src ? (
    <Thumb blob={local?.blob} src={local ? undefined : (src ?? undefined)} alt={label} size={48} waiting={Boolean(local)} />
  ) : (
    <Box sx={{ width: 48, height: 48, borderRadius: 1.5, border: '1px dashed', borderColor: 'grey.400', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <PhotoCameraOutlinedIcon fontSize="small" />
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.25 }}>
      <PhotoPicker onPicked={(files) => onPhoto(item, kind, files[0])}>
        {(open) => (
          <ButtonBase aria-label={label} disabled={!editable} onClick={open} sx={{ borderRadius: 1.5, minWidth: 48, minHeight: 48 }}>
            {content}
          </ButtonBase>
        )}
      </PhotoPicker>
      <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1 }}>
        {t(kind === 'before' ? 'myDay.checklist.before' : 'myDay.checklist.after')}
      </Typography>
    </Box>
  );
}

/** The checklist with big tick targets and each item's before/after photo proof. */
export function MyChecklist({ taskId, checklist, localPhotos, editable, onTick, onPhoto }: MyChecklistProps) {
  const { t } = useTranslation();
  const headingId = `checklist-${taskId}`;
  const total = checklist.items.length;
  const done = checklist.items.filter((item) => item.isCompleted).length;
  const latest = (itemId: string, kind: PhotoKind) => [...localPhotos].reverse().find((photo) => photo.itemId === itemId && photo.kind === kind);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} component="h4" variant="subtitle2">
          {t('myDay.checklist.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('myDay.checklist.progress', { done, total })}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={total ? (done / total) * 100 : 0} aria-hidden sx={{ height: 6, borderRadius: 3 }} />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {checklist.items.map((item) => {
          const labelId = `item-${taskId}-${item.id}`;
          return (
            <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderBottom: '1px solid', borderColor: 'divider' }}>
              <Box
                component="label"
                sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 56, cursor: editable ? 'pointer' : 'default' }}
              >
                <Checkbox
                  checked={item.isCompleted}
                  disabled={!editable}
                  onChange={(event) => onTick(item, event.target.checked)}
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                  sx={{ p: 1.5, '& .MuiSvgIcon-root': { fontSize: 28 } }}
                />
                <Box id={labelId} sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere', textDecoration: item.isCompleted ? 'line-through' : 'none', color: item.isCompleted ? 'text.secondary' : 'text.primary' }}>
                    {item.description}
                  </Typography>
                  {item.required && (
                    <Typography variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                      {t('myDay.checklist.required')}
                    </Typography>
                  )}
                </Box>
              </Box>
              <ProofTile item={item} kind="before" src={item.photoBeforeUrl} local={latest(item.id, 'before')} editable={editable} onPhoto={onPhoto} />
              <ProofTile item={item} kind="after" src={item.photoAfterUrl} local={latest(item.id, 'after')} editable={editable} onPhoto={onPhoto} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
