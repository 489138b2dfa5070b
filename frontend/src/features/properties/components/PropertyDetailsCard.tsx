import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import type { Property } from '#shared/schemas';
import { formatDate } from '../utils/format';
import { SectionCard } from './SectionCard';

export interface PropertyDetailsCardProps {
  property: Property;
}

/** Name, address, created and updated dates, id. */
export function PropertyDetailsCard({ property }: PropertyDetailsCardProps) {
  const { t, i18n } = useTranslation();
  const rows: Array<[string, string, boolean?]> = [
    [t('properties.detail.name'), property.name],
    [t('properties.detail.address'), property.address],
    [t('properties.detail.created'), formatDate(property.createdAt, i18n.resolvedLanguage)],
    [t('properties.detail.updated'), formatDate(property.updatedAt, i18n.resolvedLanguage)],
    [t('properties.detail.id'), property.id, true],
  ];
  return (
    <SectionCard id="details" title={t('properties.detail.details')} icon={<InfoOutlinedIcon fontSize="small" />}>
      <Box component="dl" sx={{ m: 0, px: 2.5, py: 1 }}>
        {rows.map(([label, value, mono]) => (
          <Box
            key={label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
              gap: { xs: 0.25, sm: 2 },
              py: 1.25,
              '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', ...(mono && { fontFamily: 'monospace' }) }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
