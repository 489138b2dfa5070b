import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

// Placeholder targets until the legal pages and the help centre exist.
const LINKS = [
  { key: 'terms', href: '#terms' },
  { key: 'privacy', href: '#privacy' },
  { key: 'support', href: '#support' },
] as const;

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('landing.footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
      <Box component="nav" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}>
        {LINKS.map(({ key, href }) => (
          <Link key={key} href={href} variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t(`landing.footer.${key}`)}
          </Link>
        ))}
      </Box>
    </Box>
  );
}
