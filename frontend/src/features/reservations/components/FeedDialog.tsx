import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { FEED_SOURCES, calendarFeedBody, type FeedSource } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createFeed, updateFeed } from '../api/feeds';
import type { CalendarFeed } from '../api/types';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { sourceName } from '../utils/format';

type Field = 'url' | 'name' | 'source';
const FIELDS: readonly Field[] = ['url', 'name', 'source'];

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
  const [url, setUrl] = useState(feed?.url ?? '');
  const [name, setName] = useState(feed?.name ?? '');
  /** '' = guess from the link. */
  const [source, setSource] = useState<FeedSource | ''>(feed?.source ?? '');
  const [enabled, setEnabled] = useState(feed?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = calendarFeedBody.safeParse({ url, name: name.trim() || null, source: source || null, enabled });
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error, t));
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      if (feed) {
        await updateFeed(propertyId, feed.id, parsed.data);
        toast({ title: t('reservations.feeds.updated'), severity: 'success' });
      } else {
        await createFeed(propertyId, parsed.data);
        toast({ title: t('reservations.feeds.added'), description: t('reservations.feeds.addedHint'), severity: 'success' });
      }
      onClose();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, FIELDS);
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else setFormError(errorMessage(error, t('reservations.feeds.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label={t('reservations.feeds.url')}
            placeholder="https://www.airbnb.com/calendar/ical/…"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setErrors((current) => ({ ...current, url: undefined }));
              setFormError(null);
            }}
            error={Boolean(errors.url)}
            helperText={errors.url ?? t('reservations.feeds.urlHint')}
            required
            autoFocus={!feed}
            fullWidth
            type="url"
            slotProps={{ htmlInput: { maxLength: 2048, spellCheck: false } }}
          />
          <TextField
            label={t('reservations.feeds.name')}
            placeholder={t('reservations.feeds.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField select label={t('reservations.feeds.source')} value={source} onChange={(event) => setSource(event.target.value as FeedSource | '')} fullWidth>
            <MenuItem value="">{t('reservations.feeds.sourceAuto')}</MenuItem>
            {FEED_SOURCES.map((value) => (
              <MenuItem key={value} value={value}>
                {sourceName(t, value)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />} label={t('reservations.feeds.enabled')} />
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
