import { useId } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type Role } from '#shared/enums';
import type { ManualAudience } from '#shared/schemas';
import { useMembers, type MemberOption } from '../api/get-members';

export interface Recipients {
  audience: ManualAudience;
  role: Role;
  memberIds: string[];
}

export interface RecipientsPickerProps {
  value: Recipients;
  onChange: (value: Recipients) => void;
  disabled?: boolean;
  /** A server error for the chosen members (e.g. one not in the company). */
  error?: string;
}

const nameOf = (member: MemberOption) => [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;

/** Who a manual message goes to: everyone, one role, or chosen members (each by their own channels and language). */
export function RecipientsPicker({ value, onChange, disabled, error }: RecipientsPickerProps) {
  const { t } = useTranslation();
  const { members } = useMembers();
  const groupId = useId();
  const roleLabelId = useId();
  const chosen = members.filter((member) => value.memberIds.includes(member.id));

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControl disabled={disabled}>
        <FormLabel id={groupId}>{t('notifications.manual.recipients')}</FormLabel>
        <RadioGroup row aria-labelledby={groupId} value={value.audience} onChange={(event) => onChange({ ...value, audience: event.target.value as ManualAudience })}>
          <FormControlLabel value="everyone" control={<Radio size="small" />} label={t('notifications.manual.everyone')} />
          <FormControlLabel value="role" control={<Radio size="small" />} label={t('notifications.manual.byRole')} />
          <FormControlLabel value="members" control={<Radio size="small" />} label={t('notifications.manual.chosen')} />
        </RadioGroup>
      </FormControl>
      {value.audience === 'role' && (
        <FormControl size="small" disabled={disabled} sx={{ maxWidth: 280 }}>
          <InputLabel id={roleLabelId}>{t('notifications.manual.role')}</InputLabel>
          <Select labelId={roleLabelId} label={t('notifications.manual.role')} value={value.role} onChange={(event) => onChange({ ...value, role: event.target.value as Role })}>
            {MEMBER_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t(`common.roles.${role}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {value.audience === 'members' && (
        <Autocomplete
          multiple
          size="small"
          disabled={disabled}
          options={members}
          value={chosen}
          getOptionLabel={nameOf}
          isOptionEqualToValue={(option, selected) => option.id === selected.id}
          onChange={(_event, selected) => onChange({ ...value, memberIds: selected.map((member) => member.id) })}
          renderInput={(params) => (
            <TextField {...params} label={t('notifications.manual.members')} error={Boolean(error)} helperText={error ?? t('notifications.manual.membersHelp')} />
          )}
        />
      )}
    </Box>
  );
}
