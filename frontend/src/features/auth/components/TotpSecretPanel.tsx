// Enrolment: what the authenticator app needs. The otpauth:// link opens the app on a phone; the
// secret (in groups of four) is for typing in by hand. No QR image: the product ships no QR encoder,
// and the link or the secret both work in every common authenticator app.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TotpSecret } from '../api/two-factor';

export function TotpSecretPanel({ secret }: { secret: TotpSecret }) {
  const { t } = useTranslation();
  const grouped = secret.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{t('auth.twoFactor.enrolSteps')}</Typography>
      <Button component="a" href={secret.otpauthUri} variant="outlined">
        {t('auth.twoFactor.openApp')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('auth.twoFactor.manualEntry', { email: secret.email })}
      </Typography>
      <Box
        component="code"
        data-testid="totp-secret"
        data-secret={secret.secret}
        sx={{ fontSize: 18, letterSpacing: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {grouped}
      </Box>
    </Box>
  );
}
