// The task dialog's details: title, description, property, assignee and due date, and (creating
// only) the "report a problem at the property" switch.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { FormAmountField, FormDateField, FormSelect, FormSwitch, FormTextField } from '../../../lib/forms/fields';
import { fromZonedInput, zoneHint } from '../../../lib/zoned-format';
import { usePropertyLookup } from '../api/get-properties';
import { memberName, useTeamLookup } from '../api/get-team';
import type { TaskForm } from '../utils/task-form';
import { zoneName } from '../../../lib/zone-name';

interface TaskDetailsFieldsProps {
  form: TaskForm;
  titleId: string;
  editing: boolean;
  /** Saving, or staff who change only the status. */
  fieldDisabled: boolean;
  saving: boolean;
  /** Focus the title on opening (not for staff, who change only the status). */
  autoFocus: boolean;
  /** The company's time zone, in which the due date is typed (named when it is not the browser's). */
  timeZone?: string;
}

export function TaskDetailsFields({ form, titleId, editing, fieldDisabled, saving, autoFocus, timeZone }: TaskDetailsFieldsProps) {
  const { t, i18n } = useTranslation();
  const { properties, isLoading: propertiesLoading } = usePropertyLookup();
  const { members, isLoading: teamLoading } = useTeamLookup();
  const [propertyId, assignedUserId, dueDate, type] = form.watch(['propertyId', 'assignedUserId', 'dueDate', 'type']);
  // The zone's name as of the day typed (EST in winter, EDT in summer).
  const dueAt = new Date(fromZonedInput(dueDate, timeZone) ?? Date.now());
  const zone = zoneHint(timeZone, i18n.language, Number.isNaN(dueAt.getTime()) ? new Date() : dueAt, timeZone && zoneName(t, timeZone));
  // A task's property or assignee beyond the loaded lists still shows (by id) rather than blank.
  const propertyMissing = propertyId && !properties.some((property) => property.id === propertyId);
  const assigneeMissing = assignedUserId && !members.some((member) => member.id === assignedUserId);
  return (
    <>
      <FormTextField
        form={form}
        name="title"
        required
        label={t('tasks.fields.title')}
        placeholder={t('tasks.fields.titlePlaceholder')}
        disabled={fieldDisabled}
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />

      <FormTextField
        form={form}
        name="description"
        label={t('tasks.fields.description')}
        placeholder={t('tasks.fields.descriptionPlaceholder')}
        disabled={fieldDisabled}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />

      {/* Issue 41 point 4: above the property's owner-approval limit, the owner approves first. */}
      {type === 'maintenance' && (
        <FormAmountField
          form={form}
          name="estimatedCost"
          label={t('tasks.fields.estimatedCost')}
          helperText={t('tasks.fields.estimatedCostHint')}
          placeholder=""
          disabled={fieldDisabled}
          testId="task-estimated-cost"
        />
      )}

      <FormSelect
        form={form}
        name="propertyId"
        required
        label={t('tasks.fields.property')}
        disabled={fieldDisabled}
        helperText={!propertiesLoading && properties.length === 0 ? t('tasks.dialog.noProperties') : undefined}
        slotProps={{ select: { name: 'propertyId' } }}
      >
        {propertyMissing && <MenuItem value={propertyId}>{propertyId}</MenuItem>}
        {properties.map((property) => (
          <MenuItem key={property.id} value={property.id}>
            {property.name}
          </MenuItem>
        ))}
        {propertiesLoading && (
          <MenuItem value="__loading" disabled>
            {t('common.loading')}
          </MenuItem>
        )}
      </FormSelect>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormSelect
          form={form}
          name="assignedUserId"
          label={t('tasks.fields.assignee')}
          disabled={fieldDisabled}
          slotProps={{ select: { name: 'assignedUserId', displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('tasks.unassigned')}</MenuItem>
          {assigneeMissing && <MenuItem value={assignedUserId}>{assignedUserId}</MenuItem>}
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.invitationPending ? t('tasks.fields.assigneeInvited', { name: memberName(member) }) : memberName(member)}
            </MenuItem>
          ))}
          {teamLoading && (
            <MenuItem value="__loading" disabled>
              {t('common.loading')}
            </MenuItem>
          )}
        </FormSelect>
        <FormDateField
          form={form}
          name="dueDate"
          type="datetime-local"
          label={t('tasks.fields.dueDate')}
          disabled={fieldDisabled}
          helperText={zone ? t('tasks.fields.dueDateZone', { zone }) : undefined}
        />
      </Box>

      {!editing && (
        <Box>
          <FormSwitch
            form={form}
            name="issue"
            label={t('tasks.fields.issue')}
            disabled={saving}
            switchProps={{ slotProps: { input: { 'aria-describedby': `${titleId}-issue-hint` } } }}
            labelProps={{ slotProps: { typography: { variant: 'body2' } } }}
          />
          <FormHelperText id={`${titleId}-issue-hint`} sx={{ mt: 0, ml: 0 }}>
            {t('tasks.fields.issueHint')}
          </FormHelperText>
        </Box>
      )}
    </>
  );
}
