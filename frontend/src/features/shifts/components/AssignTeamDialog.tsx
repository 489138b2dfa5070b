import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { userInitials } from '#shared/rules';
import { shiftAssignmentBody } from '#shared/schemas';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { FormTextField } from '../../../lib/forms/fields';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import type { TeamMember } from '../api/get-team-members';
import { fullName } from '../utils/format';

export interface AssignTeamDialogProps {
  /** "Manhã (08:00 - 12:00)". */
  shiftLabel: string;
  initialName: string;
  initialMemberIds: string[];
  /** People already in another team of this shift: member id -> that team's name. */
  taken: Map<string, string>;
  people: TeamMember[];
  loadingPeople: boolean;
  saving: boolean;
  editing: boolean;
  onSave: (name: string, memberIds: string[]) => void;
  onClose: () => void;
}

/** Schedules (or edits) one team of a shift: a name and the members who work it. */
export function AssignTeamDialog(props: AssignTeamDialogProps) {
  const { shiftLabel, initialName, initialMemberIds, taken, people, loadingPeople, saving, editing, onSave, onClose } = props;
  const { t } = useTranslation();
  // One team of the shift's body: the issues name `teams.0.name` / `teams.0.memberIds`, the fields' own paths.
  const form = useSchemaForm(shiftAssignmentBody, {
    defaultValues: { teams: [{ name: initialName, memberIds: initialMemberIds }] },
    // After the first save, the messages follow the changes.
    reValidateMode: 'onChange',
  });
  const selected = form.watch('teams.0.memberIds');
  const membersError = fieldErrorText(form.formState.errors.teams?.[0]?.memberIds?.message, t);

  const toggle = (id: string) => {
    const next = selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
    form.setValue('teams.0.memberIds', next, { shouldValidate: form.formState.isSubmitted });
  };
  const submit = form.handleSubmit(({ teams: [team] }) => {
    onSave(team.name, people.filter((person) => team.memberIds.includes(person.id)).map((person) => person.id));
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="assign-team-title">
      <DialogTitle id="assign-team-title">
        {t(editing ? 'shifts.assign.editTitle' : 'shifts.assign.title')}
        <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {shiftLabel}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <FormTextField
          form={form}
          name="teams.0.name"
          label={t('shifts.assign.name')}
          helperText=" "
          fullWidth
          required
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Typography variant="subtitle2" sx={{ mt: 1 }} id="assign-members-label">
          {t('shifts.assign.members')}
        </Typography>
        {loadingPeople ? (
          <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
        ) : (
          <List dense aria-labelledby="assign-members-label" sx={{ maxHeight: 320, overflowY: 'auto' }}>
            {people.map((person) => {
              const otherTeam = taken.get(person.id);
              const checked = selected.includes(person.id);
              const label = fullName(person, person.email);
              return (
                <ListItem key={person.id} disablePadding>
                  <ListItemButton onClick={() => toggle(person.id)} disabled={Boolean(otherTeam)} dense>
                    <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': label } }} />
                    <ListItemAvatar sx={{ minWidth: 44 }}>
                      <Avatar src={person.profileImageUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                        {userInitials(person.firstName, person.lastName)}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary={label}
                      secondary={
                        otherTeam
                          ? t('shifts.assign.inOtherTeam', { name: otherTeam })
                          : person.invitationPending
                            ? t('shifts.assign.invited', { role: t(`common.roles.${person.role}`) })
                            : t(`common.roles.${person.role}`)
                      }
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
        {membersError && <FormHelperText error>{membersError}</FormHelperText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {saving ? t('shifts.assign.saving') : t('shifts.assign.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
