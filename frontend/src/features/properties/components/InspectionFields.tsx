import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch } from '../../../lib/forms/fields';
import type { PropertyForm } from './property-form-schema';
import { memberName, useTeamLookup } from '../../tasks/api/get-team';

/** No inspector: the managers get each inspection, unassigned. */
const NOBODY = '';

/**
 * Issue 40 point 2: whether each completed cleaning here needs an inspection, and who inspects
 * (a member of the team; none: the managers are told and take it).
 */
export function InspectionFields({ form, disabled }: { form: PropertyForm; disabled?: boolean }) {
  const { t } = useTranslation();
  const required = form.watch('inspectionRequired');
  const { members } = useTeamLookup();
  const joined = members.filter((member) => !member.invitationPending);
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <FormSwitch form={form} name="inspectionRequired" label={t('properties.form.inspectionRequired')} helperText={t('properties.form.inspectionRequiredHelp')} disabled={disabled} />
      {required && (
        <FormSelect form={form} name="inspectorId" label={t('properties.form.inspector')} helperText={t('properties.form.inspectorHelp')} fullWidth disabled={disabled}>
          <MenuItem value={NOBODY}>{t('properties.form.noInspector')}</MenuItem>
          {joined.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {memberName(member)}
            </MenuItem>
          ))}
        </FormSelect>
      )}
    </Stack>
  );
}
