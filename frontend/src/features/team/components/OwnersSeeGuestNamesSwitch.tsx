import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { COMPANIES_KEY, useCompanies } from '../../companies/api/get-companies';
import { updateCompanySettings } from '../../reservations/api/company-settings';

/**
 * The CEO's company setting (issue 41 point 3): whether owners see their guests' names in the portal's
 * calendar. It changes that one setting (PUT /api/companies/{id}/settings), whatever the rest of the
 * company's details hold; the switch shows the new position while it is saved.
 */
export function OwnersSeeGuestNamesSwitch() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { company } = useCompanies();
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!company) return null;
  const on = saving ?? company.ownersSeeGuestNames === true;

  async function change(next: boolean) {
    if (!company) return;
    setSaving(next);
    try {
      await updateCompanySettings(company.id, { ownersSeeGuestNames: next });
      await mutate(COMPANIES_KEY);
      toast({ title: t(next ? 'team.owners.namesShown' : 'team.owners.namesHidden'), severity: 'success' });
    } catch (error) {
      toast({ title: t('team.owners.namesFailed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  }

  return (
    <FormControlLabel
      sx={{ px: 2.5, pt: 1 }}
      disabled={saving !== null}
      label={t('team.owners.showNames')}
      slotProps={{ typography: { variant: 'body2' } }}
      control={<Switch checked={on} onChange={(event) => void change(event.target.checked)} />}
    />
  );
}
