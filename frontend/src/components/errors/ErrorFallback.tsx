import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineRoundedIcon from '#icons/ErrorOutlineRounded';
import { useTranslation } from 'react-i18next';

/** What a crashed screen shows (e.g. a route chunk that failed to download after a deploy). */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 10, px: 2 }}>
      <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 48, mb: 2 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('errors.generic.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 420, mb: 3 }}>{t('errors.generic.description')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.generic.reload')}
      </Button>
    </Box>
  );
}
