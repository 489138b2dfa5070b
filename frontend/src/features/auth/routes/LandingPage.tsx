import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { CapabilityList } from '../components/CapabilityList';
import { LandingFooter } from '../components/LandingFooter';
import { LoginCard } from '../components/LoginCard';

/** /login, and / or any unknown path without a session (SPEC "Login screen"). */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout maxWidth="lg" footer={<LandingFooter />}>
      <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 1, md: 0 } }}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <Chip label={t('landing.badge')} color="primary" variant="outlined" size="small" sx={{ mb: 2, bgcolor: 'background.paper' }} />
            <Typography variant="h1" sx={{ mb: 2, maxWidth: 560 }}>
              {t('landing.title')}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary', fontSize: '1.125rem', mb: 4, maxWidth: 560 }}>
              {t('landing.subtitle')}
            </Typography>
          </Box>
          <Typography variant="overline" component="h2" sx={{ display: 'block', color: 'text.secondary', mb: 1.5 }}>
            {t('landing.features.title')}
          </Typography>
          <CapabilityList />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box sx={{ display: { xs: 'block', md: 'none' }, textAlign: 'center', mb: 3 }}>
            <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
              {t('landing.title')}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary' }}>
              {t('landing.subtitle')}
            </Typography>
          </Box>
          <LoginCard />
        </Grid>
      </Grid>
    </PublicLayout>
  );
}
