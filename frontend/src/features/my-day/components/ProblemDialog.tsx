import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddAPhotoOutlinedIcon from '#icons/AddAPhotoOutlined';
import CloseRoundedIcon from '#icons/CloseRounded';
import { useTranslation } from 'react-i18next';
import { PROBLEM_URGENCIES, type ProblemUrgency } from '#shared/enums';
import { MAX_PROBLEM_PHOTOS, problemReportBody } from '#shared/schemas';
import { FormSelect, FormTextField } from '../../../lib/forms/fields';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { PhotoPicker, Thumb } from './PhotoPicker';

export interface ProblemReport {
  description: string;
  urgency: ProblemUrgency;
  files: File[];
}

export interface ProblemDialogProps {
  /** The task the problem was found on; null: closed. */
  task: { id: string; title: string } | null;
  onClose: () => void;
  /** Keeps the report on the phone (it is sent with the rest). */
  onSubmit: (report: ProblemReport) => Promise<void>;
}

function ProblemForm({ task, onClose, onSubmit }: Omit<ProblemDialogProps, 'task'> & { task: { id: string; title: string } }) {
  const { t } = useTranslation();
  const form = useSchemaForm(problemReportBody, { defaultValues: { description: '', urgency: 'medium', photoKeys: [] } });
  const [files, setFiles] = useState<File[]>([]);
  const submit = form.handleSubmit(async ({ description, urgency }) => {
    await onSubmit({ description, urgency, files });
    onClose();
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
      <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start', pt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('myDay.problem.task', { title: task.title })}
        </Typography>
        <FormTextField form={form} name="description" label={t('myDay.problem.description')} placeholder={t('myDay.problem.descriptionHint')} multiline minRows={3} required autoFocus fullWidth />
        <FormSelect form={form} name="urgency" label={t('myDay.problem.urgency')} fullWidth>
          {PROBLEM_URGENCIES.map((urgency) => (
            <MenuItem key={urgency} value={urgency} sx={{ minHeight: 48 }}>
              {t(`myDay.problem.urgencies.${urgency}`)}
            </MenuItem>
          ))}
        </FormSelect>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle2">{t('myDay.problem.photos')}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {files.map((file, index) => (
              <Box key={`${file.name}-${index}`} sx={{ position: 'relative' }}>
                <Thumb blob={file} alt={file.name} />
                <IconButton
                  size="small"
                  aria-label={t('myDay.problem.removePhoto', { n: index + 1 })}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                  sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'grey.100' } }}
                >
                  <CloseRoundedIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          {files.length < MAX_PROBLEM_PHOTOS && (
            <PhotoPicker multiple onPicked={(picked) => setFiles((current) => [...current, ...picked].slice(0, MAX_PROBLEM_PHOTOS))}>
              {(open) => (
                <Button variant="outlined" startIcon={<AddAPhotoOutlinedIcon />} onClick={open} sx={{ minHeight: 48, justifySelf: 'start' }}>
                  {t('myDay.problem.addPhotos')}
                </Button>
              )}
            </PhotoPicker>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ minHeight: 48 }}>
          {t('myDay.problem.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Report a problem found on a task: text, urgency, photos. Full screen on a phone. */
export function ProblemDialog({ task, onClose, onSubmit }: ProblemDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={Boolean(task)} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="problem-dialog-title">
      <DialogTitle id="problem-dialog-title">{t('myDay.problem.title')}</DialogTitle>
      {task && <ProblemForm key={task.id} task={task} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}
