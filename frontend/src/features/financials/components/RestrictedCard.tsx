import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import LockRoundedIcon from '#icons/LockRounded';
import { useTranslation } from 'react-i18next';

/** What a staff member sees: financials are for the CEO and managers (the server answers 403). */
export function RestrictedCard() {
  const { t } = useTranslation();
  return (
    <Card sx={{ p: 4, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }} data-testid="financials-restricted">
      <LockRoundedIcon color="warning" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h6" component="h2">
        {t('financials.restricted.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
        {t('financials.restricted.text')}
      </Typography>
    </Card>
  );
}
