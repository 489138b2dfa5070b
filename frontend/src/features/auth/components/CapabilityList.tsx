import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import CleaningServicesOutlinedIcon from '#icons/CleaningServicesOutlined';
import InsightsOutlinedIcon from '#icons/InsightsOutlined';
import GroupsOutlinedIcon from '#icons/GroupsOutlined';
import type { SvgIconComponent } from '#icons/types';
import { useTranslation } from 'react-i18next';

type Accent = 'primary' | 'secondary' | 'success' | 'warning';

const CAPABILITIES: readonly { key: 'properties' | 'tasks' | 'financials' | 'team'; icon: SvgIconComponent; accent: Accent }[] = [
  { key: 'properties', icon: HomeWorkOutlinedIcon, accent: 'primary' },
  { key: 'tasks', icon: CleaningServicesOutlinedIcon, accent: 'secondary' },
  { key: 'financials', icon: InsightsOutlinedIcon, accent: 'success' },
  { key: 'team', icon: GroupsOutlinedIcon, accent: 'warning' },
];

/** The four things the product does, as shown on the login screen. */
export function CapabilityList() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('landing.features.title')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {CAPABILITIES.map(({ key, icon: Icon, accent }) => (
        <Box
          component="li"
          key={key}
          sx={{
            p: 2.5,
            borderRadius: 3,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            display: 'flex',
            flexDirection: 'column',
            gap: 1.25,
          }}
        >
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: `${accent}.main`,
              bgcolor: (theme) => alpha(theme.palette[accent].main, 0.1),
            }}
          >
            <Icon fontSize="small" />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t(`landing.features.${key}.title`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`landing.features.${key}.description`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
