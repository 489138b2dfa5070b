import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { daysBetween } from '#shared/days';
import { ReservationDialog } from '../../reservations/components/ReservationDialog';
import { formatDay } from '../../reservations/utils/format';
import { BlockForm } from './BlockDialog';

export interface AddTarget {
  propertyId: string;
  propertyName: string;
  checkinDay: string;
  checkoutDay: string;
}

export interface AddNightsDialogProps {
  target: AddTarget | null;
  onClose: () => void;
  /** Something was added: read the calendar again. */
  onSaved: () => Promise<unknown> | void;
}

type Step = 'choose' | 'booking' | 'block' | 'owner';

/**
 * What the chosen nights become: a direct booking (the property calendar's own reservation dialog,
 * its form and its API call), a block or the owner's stay (BlockForm).
 */
export function AddNightsDialog({ target, onClose, onSaved }: AddNightsDialogProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [step, setStep] = useState<Step>('choose');
  useEffect(() => setStep('choose'), [target]);
  if (!target) return null;
  const initialDays = { checkinDay: target.checkinDay, checkoutDay: target.checkoutDay };
  if (step === 'booking') {
    return <ReservationDialog open propertyId={target.propertyId} initialDays={initialDays} onClose={onClose} onSaved={() => void onSaved()} />;
  }
  const nights = daysBetween(target.checkinDay, target.checkoutDay);
  const dates = { from: formatDay(target.checkinDay, i18n.language), to: formatDay(target.checkoutDay, i18n.language), count: nights };
  const title = step === 'choose' ? t('portfolioCalendar.add.title', { property: target.propertyName }) : t(step === 'owner' ? 'portfolioCalendar.block.titleOwner' : 'portfolioCalendar.block.titleBlock', { property: target.propertyName });
  const options = [
    { step: 'booking', name: t('portfolioCalendar.add.booking'), hint: t('portfolioCalendar.add.bookingHint') },
    { step: 'block', name: t('portfolioCalendar.add.block'), hint: t('portfolioCalendar.add.blockHint') },
    { step: 'owner', name: t('portfolioCalendar.add.owner'), hint: t('portfolioCalendar.add.ownerHint') },
  ] as const;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby="portfolio-add-title" data-testid="portfolio-add-dialog">
      <DialogTitle id="portfolio-add-title">{title}</DialogTitle>
      {step === 'choose' ? (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="portfolio-add-nights">
              {t('portfolioCalendar.add.nights', dates)}
            </Typography>
            <Typography variant="subtitle2" component="p" sx={{ mt: 2 }}>
              {t('portfolioCalendar.add.question')}
            </Typography>
            <Box role="group" aria-label={t('portfolioCalendar.add.question')}>
              <List dense>
                {options.map((option) => (
                  <ListItemButton key={option.step} onClick={() => setStep(option.step)} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}>
                    <ListItemText primary={option.name} secondary={option.hint} />
                  </ListItemButton>
                ))}
              </List>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit">
              {t('portfolioCalendar.add.cancel')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <BlockForm propertyId={target.propertyId} propertyName={target.propertyName} kind={step} initialDays={initialDays} onBack={() => setStep('choose')} onSaved={onSaved} onClose={onClose} />
      )}
    </Dialog>
  );
}
