import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginRoundedIcon from '#icons/LoginRounded';
import MailOutlineRoundedIcon from '#icons/MailOutlineRounded';
import LockOutlinedIcon from '#icons/LockOutlined';
import PersonAddAltOutlinedIcon from '#icons/PersonAddAltOutlined';
import type { SvgIconComponent } from '#icons/types';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths, loginUrl } from '../../../config/paths';

interface NoteProps {
  icon: SvgIconComponent;
  title: string;
  text: string;
}

function Note({ icon: Icon, title, text }: NoteProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        sx={{
          flexShrink: 0,
          width: 32,
          height: 32,
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          color: 'text.secondary',
        }}
      >
        <Icon sx={{ fontSize: 18 }} />
      </Box>
      <Box>
        <Typography variant="subtitle2">{title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/** The welcome card: one button to the external sign-in, a link to e-mail/password sign-in. */
export function LoginCard() {
  const { t, i18n } = useTranslation();
  return (
    <Card sx={{ boxShadow: '0 12px 40px rgba(16, 24, 40, 0.10)' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography variant="h5" component="h2">
          {t('landing.card.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75, mb: 3 }}>
          {t('landing.card.subtitle')}
        </Typography>

        {/* A full navigation: the server starts the OAuth flow. */}
        <Button href={loginUrl(i18n.language)} variant="contained" size="large" fullWidth startIcon={<LoginRoundedIcon />}>
          {t('landing.card.login')}
        </Button>

        <Divider sx={{ my: 2.5, color: 'text.secondary', typography: 'caption' }}>{t('landing.card.or')}</Divider>

        <Button
          component={RouterLink}
          to={paths.auth}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<MailOutlineRoundedIcon />}
          sx={{ borderColor: 'divider', color: 'text.primary' }}
        >
          {t('landing.card.emailLogin')}
        </Button>

        <Stack spacing={2} sx={{ mt: 3.5, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <Note icon={LockOutlinedIcon} title={t('landing.card.secureTitle')} text={t('landing.card.secureNote')} />
          <Note
            icon={PersonAddAltOutlinedIcon}
            title={t('landing.card.autoRegisterTitle')}
            text={t('landing.card.autoRegister')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
