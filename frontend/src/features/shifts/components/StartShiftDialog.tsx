import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shiftStartBody } from '#shared/schemas';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import type { ShiftTeam } from '../api/get-shifts';
import { fullName } from '../utils/format';

export interface StartShiftDialogProps {
  teams: ShiftTeam[];
  /** The company's tolerance: a start later than this many minutes after the window opens is late. */
  lateAfterMinutes: number;
  saving: boolean;
  onConfirm: (memberIds: string[]) => void;
  onClose: () => void;
}

/** Iniciar Turno for a manager: who is here (all scheduled members ticked). */
export function StartShiftDialog({ teams, lateAfterMinutes, saving, onConfirm, onClose }: StartShiftDialogProps) {
  const { t } = useTranslation();
  const waiting = teams.flatMap((team) => team.members).filter((member) => !member.checkedInAt);
  // The server's shiftStartBody: the members who are here.
  const form = useSchemaForm(shiftStartBody, { defaultValues: { memberIds: waiting.map((member) => member.id) } });
  const present = form.watch('memberIds') ?? [];
  const toggle = (id: string) => form.setValue('memberIds', present.includes(id) ? present.filter((other) => other !== id) : [...present, id]);
  const confirm = form.handleSubmit(({ memberIds }) => onConfirm(memberIds ?? []));
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="start-shift-title">
      <DialogTitle id="start-shift-title">{t('shifts.start.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {t('shifts.start.text', { minutes: lateAfterMinutes })}
        </DialogContentText>
        {teams.map((team) => {
          const members = team.members.filter((member) => !member.checkedInAt);
          if (members.length === 0) return null;
          return (
            <FormGroup key={team.id} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {team.name}
              </Typography>
              {members.map((member) => (
                <FormControlLabel
                  key={member.id}
                  control={<Checkbox checked={present.includes(member.id)} onChange={() => toggle(member.id)} />}
                  label={fullName(member, t('common.user'))}
                />
              ))}
            </FormGroup>
          );
        })}
        {present.length === 0 && <FormHelperText error>{t('shift.membersRequired')}</FormHelperText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="success" onClick={() => void confirm()} disabled={saving || present.length === 0}>
          {t('shifts.actions.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
