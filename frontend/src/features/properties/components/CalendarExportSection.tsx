import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AutorenewRoundedIcon from '#icons/AutorenewRounded';
import IosShareRoundedIcon from '#icons/IosShareRounded';
import { useTranslation } from 'react-i18next';
import type { Property } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { CopyableUrl } from '../../../components/ui/CopyableUrl';
// The confirmation the feeds section uses for its destructive actions.
import { ConfirmDialog } from '../../reservations/components/ConfirmDialog';
import { regenerateCalendarExport } from '../api/calendar-export';
import { SectionCard } from './SectionCard';

export interface CalendarExportSectionProps {
  property: Property;
}

/**
 * The property's iCal export (CEO and managers): the URL to paste into Airbnb, Booking.com or Vrbo
 * ("import calendar"), so the nights taken here (stays, owner blocks) are closed there; copy, and a
 * new URL (asked once more: every channel using the old one must be given the new one).
 */
export function CalendarExportSection({ property }: CalendarExportSectionProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const url = property.calendarExportUrl;

  const regenerate = async () => {
    setPending(true);
    try {
      await regenerateCalendarExport(property.id);
      toast({ title: t(url ? 'properties.export.regenerated' : 'properties.export.created'), severity: 'success' });
      setConfirming(false);
    } catch (error) {
      toast({ title: t('properties.export.failed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <SectionCard id="calendar-export" title={t('properties.export.title')} icon={<IosShareRoundedIcon fontSize="small" />}>
      <Box sx={{ px: 2.5, py: 2, display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('properties.export.description')}
        </Typography>
        {url ? (
          <CopyableUrl
            url={url}
            label={t('properties.export.urlLabel')}
            copyLabel={t('properties.export.copy')}
            copiedLabel={t('properties.export.copied')}
            onCopyFailed={() => toast({ title: t('properties.export.copyFailed'), variant: 'destructive' })}
          />
        ) : (
          <Typography variant="body2">{t('properties.export.none')}</Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('properties.export.privacy')}
        </Typography>
        <Box>
          <Button size="small" startIcon={<AutorenewRoundedIcon />} onClick={() => (url ? setConfirming(true) : regenerate())} disabled={pending}>
            {t(url ? 'properties.export.regenerate' : 'properties.export.create')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('properties.export.regenerateTitle')}
        confirmLabel={t('properties.export.regenerate')}
        pending={pending}
        onConfirm={regenerate}
        onClose={() => setConfirming(false)}
      >
        {t('properties.export.regenerateConfirm')}
      </ConfirmDialog>
    </SectionCard>
  );
}
