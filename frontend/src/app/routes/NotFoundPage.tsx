import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOffRoundedIcon from '#icons/SearchOffRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** Any unknown path of a signed-in visitor: "Page Not Found" (SPEC point 2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 } }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          color: 'text.secondary',
          mb: 3,
        }}
      >
        <SearchOffRoundedIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errors.notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440, mb: 4 }}>{t('errors.notFound.description')}</Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        {t('errors.notFound.backHome')}
      </Button>
    </Box>
  );
}
