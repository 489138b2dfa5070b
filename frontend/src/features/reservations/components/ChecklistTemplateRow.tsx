// One item of the checklist template editor: its number, description, "required", and the buttons
// that move it up or down or remove it.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowDownwardRoundedIcon from '#icons/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '#icons/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '#icons/DeleteOutlineRounded';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChecklistTemplateBody } from '#shared/schemas';
import { FormCheckbox, FormTextField } from '../../../lib/forms/fields';

export interface TemplateFormValues {
  items: { id?: string; description: string; required: boolean }[];
}

export type TemplateForm = UseFormReturn<TemplateFormValues, unknown, ChecklistTemplateBody>;

interface ChecklistTemplateRowProps {
  form: TemplateForm;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Any change clears a message about the whole list. */
  onChange: () => void;
}

export function ChecklistTemplateRow({ form, index, count, onMove, onRemove, onChange }: ChecklistTemplateRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="checklist-template-item"
      sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, alignItems: 'start', p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, pt: 1.1, minWidth: 18, textAlign: 'right' }} aria-hidden>
        {index + 1}.
      </Typography>
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <FormTextField
          form={form}
          name={`items.${index}.description`}
          onValueChange={onChange}
          size="small"
          placeholder={t('reservations.checklist.placeholder')}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300, 'aria-label': t('reservations.checklist.itemLabel', { number: index + 1 }) } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, '& > .MuiFormControlLabel-root': { mr: 'auto', ml: 0 } }}>
          <FormCheckbox
            form={form}
            name={`items.${index}.required`}
            onValueChange={onChange}
            checkboxProps={{ size: 'small' }}
            label={<Typography variant="body2">{t('reservations.checklist.required')}</Typography>}
          />
          <IconButton size="small" onClick={() => onMove(index, index - 1)} disabled={index === 0} aria-label={t('reservations.checklist.moveUp', { number: index + 1 })}>
            <ArrowUpwardRoundedIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => onMove(index, index + 1)} disabled={index === count - 1} aria-label={t('reservations.checklist.moveDown', { number: index + 1 })}>
            <ArrowDownwardRoundedIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => onRemove(index)} aria-label={t('reservations.checklist.remove', { number: index + 1 })}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
