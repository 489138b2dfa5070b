import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CleaningServicesRoundedIcon from '#icons/CleaningServicesRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
// The company's time zone names the zone of its stay hours.
import { useCompanies } from '../../companies/api/get-companies';
import { updateCompanySettings, useCompanySettings } from '../api/company-settings';
import { useReservationPermissions } from '../hooks/use-reservation-permissions';
import { formatHour } from '../utils/format';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The stay hours form (zod's schemas, react-hook-form) loads when it is first opened: this card is on
// the properties screen's first render.
const StayHoursDialog = retryableLazy(() => import('./StayHoursDialog'), (module) => module.StayHoursDialog);

/**
 * The company's "automatic turnover cleaning" switch (CEO and managers change it; staff see it):
 * when on, every reservation's check-out creates a cleaning task with the property's checklist.
 * A card of its own, which also shows the standard check-in and check-out hours (managers change
 * them), or `inline` at the top of a section (the property's checklist).
 */
export function AutoTurnoverSetting({ inline = false }: { inline?: boolean }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { canManage, companyId } = useReservationPermissions();
  const { settings, isLoading, error } = useCompanySettings(companyId);
  const timeZone = useCompanies().company?.timezone;
  const [pending, setPending] = useState(false);
  const [editingHours, setEditingHours] = useState(false);

  if (error) return null;

  const toggle = async (autoTurnovers: boolean) => {
    if (!companyId) return;
    setPending(true);
    try {
      await updateCompanySettings(companyId, { autoTurnovers });
      toast({ title: t(autoTurnovers ? 'reservations.turnovers.turnedOn' : 'reservations.turnovers.turnedOff'), severity: 'success' });
    } catch (failure) {
      toast({ title: t('reservations.turnovers.saveFailed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const labelId = 'auto-turnover-label';
  return (
    <Card
      variant="outlined"
      sx={{
        px: 2.5,
        py: 1.75,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        ...(inline ? { border: 0, borderBottom: 1, borderColor: 'divider', borderRadius: 0, bgcolor: 'grey.50' } : { mb: 3 }),
      }}
      data-testid="auto-turnover-setting"
    >
      <Box sx={{ display: { xs: 'none', sm: 'grid' }, placeItems: 'center', width: 40, height: 40, borderRadius: 2, bgcolor: 'grey.100', color: 'secondary.dark', flexShrink: 0 }} aria-hidden>
        <CleaningServicesRoundedIcon fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} variant="subtitle2" component="p">
          {t('reservations.turnovers.label')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {settings
            ? t('reservations.turnovers.explanation', { time: formatHour(settings.checkoutHour, i18n.resolvedLanguage) })
            : t('reservations.turnovers.explanationShort')}
          {!canManage && ` ${t('reservations.turnovers.readOnly')}`}
        </Typography>
        {!inline && settings && (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="stay-hours">
              {t('reservations.hours.summary', { checkin: formatHour(settings.checkinHour, i18n.resolvedLanguage), checkout: formatHour(settings.checkoutHour, i18n.resolvedLanguage) })}
            </Typography>
            {canManage && (
              <Button size="small" onClick={() => setEditingHours(true)} sx={{ px: 1, minWidth: 0 }}>
                {t('reservations.hours.change')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {isLoading || !settings ? (
        <Skeleton variant="rounded" width={58} height={38} />
      ) : (
        <Switch
          checked={settings.autoTurnovers}
          onChange={(event) => toggle(event.target.checked)}
          disabled={!canManage || pending}
          slotProps={{ input: { 'aria-labelledby': labelId, role: 'switch' } }}
        />
      )}
      {editingHours && settings && companyId && (
        <LazyDialog open>
          <StayHoursDialog companyId={companyId} settings={settings} timeZone={timeZone} onClose={() => setEditingHours(false)} />
        </LazyDialog>
      )}
    </Card>
  );
}
