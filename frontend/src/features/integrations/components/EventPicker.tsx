import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/schemas';
import { fieldErrorText } from '../../../lib/forms/field-error-text';

export interface EventPickerProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  onChange?: () => void;
}

/** The events an endpoint receives: one checkbox per event of the catalogue, and "all" above them. */
export function EventPicker<T extends FieldValues>({ control, name, onChange }: EventPickerProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const chosen = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
  const error = fieldErrorText(fieldState.error?.message, t);
  const set = (events: WebhookEventType[]) => {
    field.onChange(events);
    onChange?.();
  };
  const toggle = (event: WebhookEventType, on: boolean) => set(WEBHOOK_EVENT_TYPES.filter((each) => (each === event ? on : chosen.has(each))));
  const all = WEBHOOK_EVENT_TYPES.every((event) => chosen.has(event));
  const some = !all && WEBHOOK_EVENT_TYPES.some((event) => chosen.has(event));

  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard">
      <FormLabel component="legend">{t('integrations.webhooks.add.events')}</FormLabel>
      <FormControlLabel
        label={t('integrations.webhooks.add.allEvents')}
        control={<Checkbox checked={all} indeterminate={some} onChange={(event) => set(event.target.checked ? [...WEBHOOK_EVENT_TYPES] : [])} />}
      />
      <FormGroup sx={{ pl: { xs: 1.5, sm: 3 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <FormControlLabel
              key={event}
              label={
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                  <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>{event}</Box>
                  <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t(`integrations.webhooks.events.${event.replace('.', '_')}`)}</Box>
                </Box>
              }
              control={<Checkbox size="small" checked={chosen.has(event)} onChange={(change) => toggle(event, change.target.checked)} name={event} />}
              sx={{ alignItems: 'flex-start', my: 0.25, '& .MuiCheckbox-root': { pt: 0.5 } }}
            />
          ))}
        </Box>
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
