import { useEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checklistTemplateBody, MAX_CHECKLIST_ITEMS } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';
import { saveChecklistTemplate, useChecklistTemplate } from '../api/checklist-template';
import type { ChecklistTemplateItem } from '../api/types';
import { ChecklistTemplateRow, type TemplateFormValues } from './ChecklistTemplateRow';

/** The server's checklistTemplateBody, on the form's items as they are. */
const templateForm = mappedSchema(checklistTemplateBody, (values: TemplateFormValues) => values);

const toValues = (items: ChecklistTemplateItem[]): TemplateFormValues => ({
  items: items.map((item) => ({ id: item.id, description: item.description, required: item.required })),
});

/**
 * The property's default checklist: every automatic turnover cleaning gets a copy. Managers add,
 * rename, reorder, remove and mark items required, then save the whole list; staff read it.
 */
export function ChecklistTemplateEditor({ propertyId, canEdit }: { propertyId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { template, isLoading, error } = useChecklistTemplate(propertyId);
  // The list as saved; the form starts (and, after a save or a discard, starts again) from it.
  const saved = useMemo(() => (template ? toValues(template.items) : undefined), [template]);
  // Started from it when it is already there (the page reads it before drawing), and reset to it
  // when it changes. (react-hook-form's `values` option resets the form once more as it mounts,
  // which gives every item row a new key: each row was drawn, removed and drawn again, one task of
  // ~40 ms on a desktop below the property page's first screen.)
  const form = useSchemaForm(templateForm, { defaultValues: saved ?? { items: [] } });
  const shown = useRef(saved);
  useEffect(() => {
    if (!saved || saved === shown.current) return;
    shown.current = saved;
    form.reset(saved);
  }, [saved, form]);
  // `keyName`: the items carry an `id` of their own (kept when the list is saved).
  const list = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const pending = form.formState.isSubmitting;
  const formError = form.formState.errors.root?.message;

  if (isLoading) {
    return (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  }
  if (error || !template) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('reservations.checklist.loadError')}
      </Alert>
    );
  }

  const dirty = form.formState.isDirty;

  if (!canEdit) {
    return (
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('reservations.checklist.intro')}
        </Typography>
        {template.items.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }} data-testid="checklist-template-empty">
            {t('reservations.checklist.empty')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="checklist-template">
            {template.items.map((item) => (
              <Box component="li" key={item.id} sx={{ py: 0.75 }} data-testid="checklist-template-item">
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2">{item.description}</Typography>
                  {item.required && <Chip size="small" color="primary" variant="outlined" label={t('reservations.checklist.required')} />}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    );
  }

  const clearFormError = () => form.clearErrors('root');
  const save = form.handleSubmit(async (body) => {
    try {
      await saveChecklistTemplate(propertyId, body);
      toast({ title: t('reservations.checklist.saved'), severity: 'success' });
    } catch (failure) {
      if (!applyServerErrors(form, failure)) form.setError('root', { message: errorMessage(failure, t('reservations.checklist.saveFailed')) });
    }
  });

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ px: 2.5, py: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('reservations.checklist.intro')}
      </Typography>
      {formError && <Alert severity="error">{formError}</Alert>}
      {list.fields.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="checklist-template-empty">
          {t('reservations.checklist.empty')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="checklist-template">
        {/* A few rows a task (each row is a text field, a checkbox and three buttons): the whole list
            in one commit was the longest task below the property page's first screen. */}
        <RenderInSteps first={3} step={3}>
          {list.fields.map((item, index) => (
            <ChecklistTemplateRow
              key={item.key}
              form={form}
              index={index}
              count={list.fields.length}
              onMove={(from, to) => {
                list.move(from, to);
                clearFormError();
              }}
              onRemove={(at) => {
                list.remove(at);
                clearFormError();
              }}
              onChange={clearFormError}
            />
          ))}
        </RenderInSteps>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          size="small"
          startIcon={<AddRoundedIcon />}
          onClick={() => {
            list.append({ description: '', required: false }, { shouldFocus: true });
            clearFormError();
          }}
          disabled={list.fields.length >= MAX_CHECKLIST_ITEMS || pending}
        >
          {t('reservations.checklist.add')}
        </Button>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          {dirty && (
            <Button size="small" color="inherit" onClick={() => form.reset(saved)} disabled={pending}>
              {t('reservations.checklist.discard')}
            </Button>
          )}
          <Button size="small" type="submit" variant="contained" disabled={!dirty || pending}>
            {pending ? t('reservations.dialog.saving') : t('reservations.checklist.save')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
