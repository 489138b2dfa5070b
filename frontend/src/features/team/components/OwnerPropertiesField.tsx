import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
// The company's properties, as the task dialog lists them (the largest page the server gives).
import { usePropertyLookup } from '../../tasks/api/get-properties';

export interface OwnerPropertiesFieldProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form holding propertyIds
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The properties an owner owns: a searchable multi-select bound to a form's `propertyIds` (required for an owner). */
export function OwnerPropertiesField<T extends FieldValues>({ form, name, disabled, autoFocus }: OwnerPropertiesFieldProps<T>) {
  const { t } = useTranslation();
  const { properties, isLoading, nameOf } = usePropertyLookup();
  const { field, fieldState } = useController({ control: form.control, name });
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const error = fieldErrorText(fieldState.error?.message, t);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={properties.map((property) => property.id)}
      value={chosen}
      loading={isLoading}
      disabled={disabled}
      getOptionLabel={nameOf}
      onChange={(_event, value) => {
        field.onChange(value);
        if (fieldState.error) form.clearErrors(name);
      }}
      noOptionsText={t('team.owners.noProperties')}
      loadingText={t('common.loading')}
      renderOption={({ key, ...props }, option, { selected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
          {nameOf(option)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          autoFocus={autoFocus}
          required
          label={t('team.owners.properties')}
          error={Boolean(fieldState.error)}
          helperText={error ?? t('team.owners.propertiesHint')}
        />
      )}
    />
  );
}
