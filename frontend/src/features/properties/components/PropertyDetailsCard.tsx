import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '#icons/InfoOutlined';
import { useTranslation } from 'react-i18next';
import { mapUrl } from '#shared/property-access';
import type { Property } from '#shared/schemas';
import { formatDate } from '../utils/format';
import { SectionCard } from './SectionCard';

export interface PropertyDetailsCardProps {
  property: Property;
}

/** Name, address (with a map link), access notes and door code (when the server sent them to this caller), dates, id. */
export function PropertyDetailsCard({ property }: PropertyDetailsCardProps) {
  const { t, i18n } = useTranslation();
  const map = mapUrl(property.address);
  const address = (
    <>
      {property.address}
      {map && (
        <>
          {' · '}
          <Link href={map} target="_blank" rel="noopener noreferrer">
            {t('properties.detail.openMap')}
          </Link>
        </>
      )}
    </>
  );
  // The server leaves the access fields out for who may not see them.
  const access: Array<[string, ReactNode, boolean?]> =
    'doorCode' in property || 'accessNotes' in property
      ? [
          [t('properties.detail.accessNotes'), property.accessNotes || t('properties.detail.noAccessInfo')],
          [t('properties.detail.doorCode'), property.doorCode || t('properties.detail.noAccessInfo'), Boolean(property.doorCode)],
        ]
      : [];
  const rows: Array<[string, ReactNode, boolean?]> = [
    [t('properties.detail.name'), property.name],
    [t('properties.detail.address'), address],
    ...access,
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
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line', ...(mono && { fontFamily: 'monospace' }) }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
