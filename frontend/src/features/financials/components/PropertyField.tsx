import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect, type FormTextFieldProps } from '../../../lib/forms/fields';
import { usePropertyOptions } from '../api/get-property-options';

/** The optional property an invoice or an expense belongs to (owner reports count them per property). */
export function PropertyField<T extends FieldValues>(props: Pick<FormTextFieldProps<T>, 'form' | 'name'>) {
  const { t } = useTranslation();
  const properties = usePropertyOptions(true);
  return (
    <FormSelect {...props} label={t('financials.invoiceForm.property')} helperText={t('financials.form.optional')} fullWidth>
      <MenuItem value="">
        <em>{t('financials.invoiceForm.noProperty')}</em>
      </MenuItem>
      {properties.map((property) => (
        <MenuItem key={property.id} value={property.id}>
          {property.name}
        </MenuItem>
      ))}
    </FormSelect>
  );
}
