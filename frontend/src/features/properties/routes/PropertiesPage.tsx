import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddRoundedIcon from '#icons/AddRounded';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import SearchOffRoundedIcon from '#icons/SearchOffRounded';
import SearchRoundedIcon from '#icons/SearchRounded';
import WorkspacesOutlinedIcon from '#icons/WorkspacesOutlined';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Property } from '#shared/schemas';
import { PageHeader } from '../../../components/ui/PageHeader';
// The company's automatic-turnover switch belongs to the reservations feature.
import { AutoTurnoverSetting } from '../../reservations/components/AutoTurnoverSetting';
import { companySettingsKey } from '../../reservations/api/keys';
import { USAGE_KEY } from '../../subscription/api/get-usage';
import type { FirstReads } from '../../../lib/first-reads';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';
import { cursorFirstReads } from '../api/cursor-pages';
import { PROPERTIES_PAGE_SIZE, PROPERTIES_PATH, useProperties } from '../api/get-properties';
import { EmptyState } from '../components/EmptyState';
import { PlanUsagePanel } from '../components/PlanUsagePanel';
import { PropertyCard } from '../components/PropertyCard';
import { PropertyLimitAlert } from '../components/PropertyLimitAlert';
import { useCanManageProperties, useSeesEveryProperty } from '../hooks/use-can-manage-properties';
import { usePlanUsage } from '../hooks/use-plan-usage';
import { searchable } from '../utils/format';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The property form (zod's schemas, react-hook-form) loads when the dialog first opens.
const PropertyFormDialog = retryableLazy(() => import('../components/PropertyFormDialog'), (module) => module.PropertyFormDialog);
// Property groups (issue 41): who sees which property; loads when first opened.
const PropertyGroupsDialog = retryableLazy(() => import('../components/PropertyGroupsDialog'), (module) => module.PropertyGroupsDialog);

/** `/properties?new=1` (the dashboard's Add Property quick action) opens the add dialog. */
const NEW_PARAM = 'new';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * What the list's first render shows (app/boot.ts loads it before React draws): the first page of
 * properties, the company's automatic-turnover switch and the plan's usage (its storage line).
 */
export const firstReads: FirstReads = (_location, user) => [
  ...cursorFirstReads(PROPERTIES_PATH, PROPERTIES_PAGE_SIZE),
  ...(user.companyId ? [companySettingsKey(user.companyId)] : []),
  USAGE_KEY,
];

/** Propriedades: plan usage, search, the property grid and the add dialog (SPEC "Properties"). */
export default function PropertiesPage() {
  const { t } = useTranslation();
  const canManage = useCanManageProperties();
  const seesEveryProperty = useSeesEveryProperty();
  const { items, isLoading, error, hasMore, isLoadingMore, loadMore } = useProperties();
  const usage = usePlanUsage(isLoading || hasMore ? undefined : items.length);
  const [query, setQuery] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  // Added on this visit: shown first, so a new property is visible even when later pages are not loaded.
  const [added, setAdded] = useState<Property[]>([]);
  const [searchParams, setSearchParams] = useSearchParams();

  const addDisabled = usage.limitReached;
  const wantsNew = searchParams.get(NEW_PARAM) === '1';
  useEffect(() => {
    if (!wantsNew || !usage.ready) return;
    if (canManage && seesEveryProperty && !usage.limitReached) setDialogOpen(true);
    const next = new URLSearchParams(searchParams);
    next.delete(NEW_PARAM);
    setSearchParams(next, { replace: true });
  }, [wantsNew, usage.ready, usage.limitReached, canManage, seesEveryProperty, searchParams, setSearchParams]);

  const properties = useMemo(() => {
    const addedIds = new Set(added.map((property) => property.id));
    return [...added, ...items.filter((property) => !addedIds.has(property.id))];
  }, [added, items]);

  const needle = searchable(query);
  const visible = needle
    ? properties.filter((property) => searchable(property.name).includes(needle) || searchable(property.address).includes(needle))
    : properties;

  const openDialog = () => setDialogOpen(true);
  const addButton = canManage && seesEveryProperty && (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button variant="outlined" startIcon={<WorkspacesOutlinedIcon />} onClick={() => setGroupsOpen(true)}>
        {t('properties.groups.open')}
      </Button>
      <Tooltip title={addDisabled ? t('properties.limit.reached') : ''}>
        {/* A disabled button fires no events: the span carries the tooltip. */}
        <span>
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={openDialog} disabled={addDisabled}>
            {t('properties.add')}
          </Button>
        </span>
      </Tooltip>
    </Box>
  );

  let content;
  if (isLoading) {
    content = (
      <Box sx={gridSx} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={210} />
        ))}
      </Box>
    );
  } else if (error && properties.length === 0) {
    content = <Alert severity="error">{t('properties.loadError')}</Alert>;
  } else if (properties.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={<HomeWorkOutlinedIcon sx={{ fontSize: 32 }} />}
          title={t('properties.empty.title')}
          description={canManage && seesEveryProperty ? t('properties.empty.description') : t('properties.empty.descriptionReadOnly')}
          action={
            canManage && seesEveryProperty && (
              <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={openDialog} disabled={addDisabled}>
                {t('properties.empty.action')}
              </Button>
            )
          }
        />
      </Card>
    );
  } else if (visible.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={<SearchOffRoundedIcon sx={{ fontSize: 32 }} />}
          title={t('properties.noMatch.title', { query: query.trim() })}
          description={hasMore ? t('properties.noMatch.descriptionMore') : t('properties.noMatch.description')}
        />
      </Card>
    );
  } else {
    content = (
      <Box component="section" aria-label={t('properties.listLabel')} sx={gridSx}>
        <RenderInSteps>
          {visible.map((property) => (
            <PropertyCard key={property.id} property={property} />
          ))}
        </RenderInSteps>
      </Box>
    );
  }

  return (
    <>
      <PageHeader title={t('properties.title')} subtitle={t('properties.subtitle')} actions={addButton || undefined} />
      <PlanUsagePanel usage={usage} />
      {usage.limitReached && <PropertyLimitAlert />}
      <AutoTurnoverSetting />
      <TextField
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('properties.search.placeholder')}
        fullWidth
        size="small"
        sx={{ mb: 3, maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
        slotProps={{
          htmlInput: { 'aria-label': t('properties.search.label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {content}
      {hasMore && !isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={loadMore} disabled={isLoadingMore}>
            {isLoadingMore ? t('common.loading') : t('properties.loadMore')}
          </Button>
        </Box>
      )}
      {canManage && (
        <LazyDialog open={groupsOpen}>
          <PropertyGroupsDialog open={groupsOpen} onClose={() => setGroupsOpen(false)} properties={properties} />
        </LazyDialog>
      )}
      {canManage && (
        <LazyDialog open={dialogOpen}>
          <PropertyFormDialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            onSaved={(property) => setAdded((current) => [property, ...current])}
          />
        </LazyDialog>
      )}
    </>
  );
}
