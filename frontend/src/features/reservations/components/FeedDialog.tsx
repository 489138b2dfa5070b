import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { FEED_SOURCES, calendarFeedBody, type FeedSource } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createFeed, updateFeed } from '../api/feeds';
import type { CalendarFeed } from '../api/types';
import { FormSelect, FormSwitch, FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { sourceName } from '../utils/format';

const FIELDS = ['url', 'name', 'source'] as const;

/** A blank name is none; source '' lets the server guess the channel from the link. */
const feedForm = mappedSchema(calendarFeedBody, (values: { url: string; name: string; source: FeedSource | ''; enabled: boolean }) => ({
  url: values.url,
  name: values.name.trim() || null,
  source: values.source || null,
  enabled: values.enabled,
}));

export interface FeedDialogProps {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  /** The feed to edit; absent to connect one. */
  feed?: CalendarFeed;
}

/** Connect or edit a channel's iCal export: link, a name, the channel (guessed from the link when left on automatic), on/off. */
export function FeedDialog({ open, onClose, propertyId, feed }: FeedDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="feed-dialog-title">
      <DialogTitle id="feed-dialog-title">{feed ? t('reservations.feeds.editTitle') : t('reservations.feeds.addTitle')}</DialogTitle>
      {open && <FeedForm propertyId={propertyId} feed={feed} onClose={onClose} />}
    </Dialog>
  );
}

function FeedForm({ propertyId, feed, onClose }: { propertyId: string; feed?: CalendarFeed; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(feedForm, {
    // source '' = guess from the link.
    defaultValues: { url: feed?.url ?? '', name: feed?.name ?? '', source: feed?.source ?? '', enabled: feed?.enabled ?? true },
  });
  const pending = form.formState.isSubmitting;
  const formError = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (feed) {
        await updateFeed(propertyId, feed.id, body);
        toast({ title: t('reservations.feeds.updated'), severity: 'success' });
      } else {
        await createFeed(propertyId, body);
        toast({ title: t('reservations.feeds.added'), description: t('reservations.feeds.addedHint'), severity: 'success' });
      }
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: FIELDS })) form.setError('root', { message: errorMessage(error, t('reservations.feeds.saveFailed')) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField
            form={form}
            name="url"
            onValueChange={() => form.clearErrors('root')}
            label={t('reservations.feeds.url')}
            placeholder="https://www.airbnb.com/calendar/ical/…"
            helperText={t('reservations.feeds.urlHint')}
            required
            autoFocus={!feed}
            fullWidth
            type="url"
            slotProps={{ htmlInput: { maxLength: 2048, spellCheck: false } }}
          />
          <FormTextField
            form={form}
            name="name"
            label={t('reservations.feeds.name')}
            placeholder={t('reservations.feeds.namePlaceholder')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormSelect form={form} name="source" label={t('reservations.feeds.source')} fullWidth>
            <MenuItem value="">{t('reservations.feeds.sourceAuto')}</MenuItem>
            {FEED_SOURCES.map((value) => (
              <MenuItem key={value} value={value}>
                {sourceName(t, value)}
              </MenuItem>
            ))}
          </FormSelect>
          <FormSwitch form={form} name="enabled" label={t('reservations.feeds.enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('reservations.dialog.close')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('reservations.dialog.saving') : t('reservations.dialog.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
