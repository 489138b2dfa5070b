import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AssignmentOutlinedIcon from '#icons/AssignmentOutlined';
import CalendarTodayOutlinedIcon from '#icons/CalendarTodayOutlined';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import PlaceOutlinedIcon from '#icons/PlaceOutlined';
import VisibilityOutlinedIcon from '#icons/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Property } from '#shared/schemas';
import { formatDate } from '../utils/format';
import { ReadinessChip } from './ReadinessChip';

export interface PropertyCardProps {
  property: Property;
}

/** One property of the grid: name, id, Active badge, address, created date, View and Tasks. */
export function PropertyCard({ property }: PropertyCardProps) {
  const { t, i18n } = useTranslation();
  const href = `/properties/${encodeURIComponent(property.id)}`;
  return (
    <Card component="article" aria-labelledby={`property-${property.id}`} data-testid="property-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              bgcolor: 'action.selected',
            }}
          >
            <HomeWorkOutlinedIcon fontSize="small" />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {/* A very long name (up to 200 characters) takes three lines, whole in its tooltip and on its page. */}
            <Typography
              id={`property-${property.id}`}
              variant="h6"
              component="h3"
              title={property.name.length > 60 ? property.name : undefined}
              sx={{ lineHeight: 1.3, wordBreak: 'break-word', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {property.name}
            </Typography>
            <Typography variant="caption" component="p" noWrap title={property.id} sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
              {t('properties.card.id', { id: property.id })}
            </Typography>
          </Box>
          <Chip label={t('properties.card.active')} color="success" size="small" variant="outlined" />
        </Box>
        {/* Issue 40: the readiness the server stored (a guest in, needs cleaning, … ready). */}
        <Box sx={{ mb: 1 }}>
          <ReadinessChip readiness={property.readiness} />
        </Box>
        <Typography variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', mb: 0.75, wordBreak: 'break-word' }}>
          <PlaceOutlinedIcon fontSize="small" sx={{ color: 'text.secondary', mt: '1px' }} />
          {property.address}
        </Typography>
        <Typography variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: 'text.secondary' }}>
          <CalendarTodayOutlinedIcon fontSize="small" />
          {t('properties.card.created', { date: formatDate(property.createdAt, i18n.resolvedLanguage) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button component={RouterLink} to={href} variant="outlined" size="small" startIcon={<VisibilityOutlinedIcon />} sx={{ flex: 1 }}>
          {t('properties.card.view')}
        </Button>
        <Button
          component={RouterLink}
          to={`${href}#tasks`}
          variant="outlined"
          size="small"
          color="inherit"
          startIcon={<AssignmentOutlinedIcon />}
          sx={{ flex: 1, borderColor: 'divider', color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
        >
          {t('properties.card.tasks')}
        </Button>
      </CardActions>
    </Card>
  );
}
