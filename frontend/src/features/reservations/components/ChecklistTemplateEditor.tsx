import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { useTranslation } from 'react-i18next';
import { MAX_CHECKLIST_ITEMS } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { saveChecklistTemplate, useChecklistTemplate } from '../api/checklist-template';
import type { ChecklistTemplateItem } from '../api/types';

interface DraftItem {
  /** React key: the item's id, or a temporary one until the server names it. */
  key: string;
  id?: string;
  description: string;
  required: boolean;
}

const toDraft = (items: ChecklistTemplateItem[]): DraftItem[] => items.map((item) => ({ key: item.id, id: item.id, description: item.description, required: item.required }));

/**
 * The property's default checklist: every automatic turnover cleaning gets a copy. Managers add,
 * rename, reorder, remove and mark items required, then save the whole list; staff read it.
 */
export function ChecklistTemplateEditor({ propertyId, canEdit }: { propertyId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { template, isLoading, error } = useChecklistTemplate(propertyId);
  /** Unsaved changes; null while the list is as saved. */
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const nextKey = useRef(0);
  const focusKey = useRef<string | null>(null);

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

  const items = draft ?? toDraft(template.items);
  const dirty = draft !== null;

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

  const change = (next: DraftItem[]) => {
    setDraft(next);
    setFormError(null);
  };
  const update = (index: number, patch: Partial<DraftItem>) => {
    change(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
    if (patch.description !== undefined && rowErrors[items[index].key]) setRowErrors(({ [items[index].key]: _removed, ...rest }) => rest);
  };
  const move = (index: number, delta: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    change(next);
  };
  const add = () => {
    const key = `new-${nextKey.current++}`;
    focusKey.current = key;
    change([...items, { key, description: '', required: false }]);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    for (const item of items) if (!item.description.trim()) errors[item.key] = t('checklist.descriptionRequired');
    setRowErrors(errors);
    if (Object.keys(errors).length) return;
    setPending(true);
    try {
      await saveChecklistTemplate(propertyId, { items: items.map((item) => ({ ...(item.id ? { id: item.id } : {}), description: item.description.trim(), required: item.required })) });
      setDraft(null);
      toast({ title: t('reservations.checklist.saved'), severity: 'success' });
    } catch (failure) {
      setFormError(errorMessage(failure, t('reservations.checklist.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ px: 2.5, py: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('reservations.checklist.intro')}
      </Typography>
      {formError && <Alert severity="error">{formError}</Alert>}
      {items.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="checklist-template-empty">
          {t('reservations.checklist.empty')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="checklist-template">
        {items.map((item, index) => (
          <Box
            component="li"
            key={item.key}
            data-testid="checklist-template-item"
            sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, alignItems: 'start', p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, pt: 1.1, minWidth: 18, textAlign: 'right' }} aria-hidden>
              {index + 1}.
            </Typography>
            <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
              <TextField
                size="small"
                value={item.description}
                onChange={(event) => update(index, { description: event.target.value })}
                error={Boolean(rowErrors[item.key])}
                helperText={rowErrors[item.key]}
                placeholder={t('reservations.checklist.placeholder')}
                fullWidth
                inputRef={(element: HTMLInputElement | null) => {
                  if (element && focusKey.current === item.key) {
                    focusKey.current = null;
                    element.focus();
                  }
                }}
                slotProps={{ htmlInput: { maxLength: 300, 'aria-label': t('reservations.checklist.itemLabel', { number: index + 1 }) } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
                <FormControlLabel
                  sx={{ mr: 'auto', ml: 0 }}
                  control={<Checkbox size="small" checked={item.required} onChange={(event) => update(index, { required: event.target.checked })} />}
                  label={<Typography variant="body2">{t('reservations.checklist.required')}</Typography>}
                />
                <IconButton size="small" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('reservations.checklist.moveUp', { number: index + 1 })}>
                  <ArrowUpwardRoundedIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => move(index, 1)} disabled={index === items.length - 1} aria-label={t('reservations.checklist.moveDown', { number: index + 1 })}>
                  <ArrowDownwardRoundedIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => change(items.filter((_, i) => i !== index))} aria-label={t('reservations.checklist.remove', { number: index + 1 })}>
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button size="small" startIcon={<AddRoundedIcon />} onClick={add} disabled={items.length >= MAX_CHECKLIST_ITEMS || pending}>
          {t('reservations.checklist.add')}
        </Button>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          {dirty && (
            <Button size="small" color="inherit" onClick={() => { setDraft(null); setRowErrors({}); setFormError(null); }} disabled={pending}>
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
