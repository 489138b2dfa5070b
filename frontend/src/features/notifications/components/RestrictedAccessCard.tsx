import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '#icons/LockOutlined';
import { useTranslation } from 'react-i18next';

/** What everyone but the CEO sees on every notifications tab (SPEC points 2 and 6). */
export function RestrictedAccessCard() {
  const { t } = useTranslation();
  return (
    <Card role="status" sx={{ textAlign: 'center', px: 3, py: 6 }}>
      <Box
        sx={{
          mx: 'auto',
          mb: 2,
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'warning.light',
          color: 'warning.contrastText',
          opacity: 0.9,
        }}
      >
        <LockOutlinedIcon />
      </Box>
      <Typography variant="h6" component="h2">
        {t('notifications.restricted.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, maxWidth: 600, mx: 'auto' }}>
        {t('notifications.restricted.description')}
      </Typography>
    </Card>
  );
}
