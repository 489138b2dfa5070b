import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HomeWorkRoundedIcon from '#icons/HomeWorkRounded';
import { useTranslation } from 'react-i18next';

export interface BrandLogoProps {
  /** `compact` shows the mark only. */
  compact?: boolean;
  size?: 'small' | 'medium';
}

/** The RentalOps mark and word-mark. */
export function BrandLogo({ compact = false, size = 'medium' }: BrandLogoProps) {
  const { t } = useTranslation();
  const box = size === 'small' ? 30 : 36;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: box,
          height: box,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.light} 0%, ${theme.palette.primary.dark} 100%)`,
          boxShadow: '0 4px 10px rgba(37, 71, 224, 0.25)',
        }}
      >
        <HomeWorkRoundedIcon sx={{ fontSize: box * 0.58 }} />
      </Box>
      {!compact && (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: size === 'small' ? '1.05rem' : '1.2rem', letterSpacing: '-0.01em' }}
        >
          {t('common.appName')}
        </Typography>
      )}
    </Box>
  );
}
