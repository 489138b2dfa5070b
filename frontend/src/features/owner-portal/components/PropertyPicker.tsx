import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOwnerOverview } from '../api/owner';
import type { OwnerPortalProperty } from '../api/types';

export interface ChosenProperty {
  properties: OwnerPortalProperty[];
  /** The property of the address (`?property=`), else the first; undefined while loading or when none. */
  property: OwnerPortalProperty | undefined;
  choose: (propertyId: string) => void;
  isLoading: boolean;
  error: unknown;
}

/** Which of the owner's properties a page shows: the address says (`?property=`), the first by default. */
export function useChosenProperty(): ChosenProperty {
  const { data, error, isLoading } = useOwnerOverview();
  const [params, setParams] = useSearchParams();
  const properties = data?.properties ?? [];
  const wanted = params.get('property');
  const property = properties.find((candidate) => candidate.id === wanted) ?? properties[0];
  const choose = (propertyId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('property', propertyId);
      return next;
    }, { replace: true });
  return { properties, property, choose, isLoading, error };
}

/** The property select of a page, shown when the owner has more than one. */
export function PropertyPicker({ chosen }: { chosen: ChosenProperty }) {
  const { t } = useTranslation();
  if (chosen.properties.length < 2 || !chosen.property) return null;
  return (
    <TextField
      select
      size="small"
      label={t('ownerPortal.property')}
      value={chosen.property.id}
      onChange={(event) => chosen.choose(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      {chosen.properties.map((property) => (
        <MenuItem key={property.id} value={property.id}>
          {property.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
