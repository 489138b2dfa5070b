import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GoogleIcon from '#icons/Google';
import GitHubIcon from '#icons/GitHub';
import MicrosoftIcon from '#icons/Microsoft';
import type { SvgIconComponent } from '#icons/types';
import { useTranslation } from 'react-i18next';

// Brand names are not translated.
const PROVIDERS: readonly { name: string; icon: SvgIconComponent; color: string }[] = [
  { name: 'Google', icon: GoogleIcon, color: '#ea4335' },
  { name: 'GitHub', icon: GitHubIcon, color: '#181717' },
  { name: 'Microsoft', icon: MicrosoftIcon, color: '#00a4ef' },
];

/** Google, GitHub and Microsoft: not available yet, so each only says it is coming soon (SPEC point 8). */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.25 }}>
      {PROVIDERS.map(({ name, icon: Icon, color }) => (
        <Button
          key={name}
          variant="outlined"
          color="inherit"
          aria-label={t('auth.emailLogin.socialLogin', { provider: name })}
          onClick={() => window.alert(t('auth.emailLogin.socialSoon', { provider: name }))}
          startIcon={<Icon sx={{ color }} />}
          sx={{
            borderColor: 'divider',
            color: 'text.primary',
            bgcolor: 'background.paper',
            minWidth: 0,
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {name}
          </Box>
        </Button>
      ))}
    </Box>
  );
}
