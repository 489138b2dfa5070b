import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import DeleteOutlineRoundedIcon from '#icons/DeleteOutlineRounded';
import EditOutlinedIcon from '#icons/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { Property, PropertyGroup } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { deletePropertyGroup, usePropertyGroups } from '../api/property-groups';
import { PropertyGroupForm } from './PropertyGroupForm';

export interface PropertyGroupsDialogProps {
  open: boolean;
  onClose: () => void;
  properties: Property[];
}

/** Properties › Groups (CEO and managers who see every property): create, rename, set members, delete. */
export function PropertyGroupsDialog({ open, onClose, properties }: PropertyGroupsDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { groups, isLoading, error } = usePropertyGroups(open);
  // undefined: the list; null: a new group; a group: changing it.
  const [editing, setEditing] = useState<PropertyGroup | null | undefined>(undefined);
  const names = new Map(properties.map((property) => [property.id, property.name]));

  async function remove(group: PropertyGroup) {
    try {
      await deletePropertyGroup(group.id);
      toast({ title: t('properties.groups.deleted', { name: group.name }), severity: 'success' });
    } catch (failure) {
      toast({ title: t('properties.groups.deleteFailed'), description: errorMessage(failure, '') || undefined, variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="property-groups-title">
      <DialogTitle id="property-groups-title">{t('properties.groups.title')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{errorMessage(error, t('properties.groups.loadError'))}</Alert>}
        {editing !== undefined ? (
          <PropertyGroupForm key={editing?.id ?? 'new'} group={editing ?? undefined} properties={properties} onDone={() => setEditing(undefined)} />
        ) : (
          <>
            {!isLoading && groups.length === 0 && <Alert severity="info">{t('properties.groups.empty')}</Alert>}
            <List aria-label={t('properties.groups.listLabel')} dense>
              {groups.map((group) => (
                <ListItem
                  key={group.id}
                  divider
                  secondaryAction={
                    <>
                      <IconButton aria-label={t('properties.groups.edit', { name: group.name })} onClick={() => setEditing(group)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={t('properties.groups.delete', { name: group.name })} onClick={() => void remove(group)}>
                        <DeleteOutlineRoundedIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                >
                  <ListItemText
                    primary={group.name}
                    secondary={group.propertyIds.map((id) => names.get(id) ?? t('properties.groups.otherProperty')).join(', ') || t('properties.groups.noProperties')}
                  />
                </ListItem>
              ))}
            </List>
            <Divider sx={{ my: 1 }} />
            <Button onClick={() => setEditing(null)}>{t('properties.groups.add')}</Button>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
