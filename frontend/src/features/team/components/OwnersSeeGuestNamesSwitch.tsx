import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { Company, CompanyUpdateBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCompanies } from '../../companies/api/get-companies';
import { updateCompany } from '../../companies/api/update-company';

/** The company as PUT /api/companies/{id} takes it back, with one setting changed. */
function companyBody(company: Company, ownersSeeGuestNames: boolean): CompanyUpdateBody {
  return {
    name: company.name,
    email: company.email ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
    responsibleName: company.responsibleName ?? '',
    responsibleEmail: company.responsibleEmail ?? '',
    ein: company.ein ?? null,
    paymentMethod: company.paymentMethod ?? null,
    preferredLanguage: company.preferredLanguage,
    timezone: company.timezone,
    twoFactorEnabled: company.twoFactorEnabled,
    ownersSeeGuestNames,
  };
}

/** The CEO's company setting (issue 41 point 3): whether owners see their guests' names in the portal's calendar. */
export function OwnersSeeGuestNamesSwitch() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { company } = useCompanies();
  const [saving, setSaving] = useState(false);
  if (!company) return null;
  const on = company.ownersSeeGuestNames === true;

  async function change(next: boolean) {
    if (!company) return;
    setSaving(true);
    try {
      await updateCompany(company.id, companyBody(company, next));
      toast({ title: t(next ? 'team.owners.namesShown' : 'team.owners.namesHidden'), severity: 'success' });
    } catch (error) {
      // A company whose details are incomplete is refused as a whole: its edit dialog says what is missing.
      const incomplete = isApiError(error) && error.status === 400;
      toast({ title: t('team.owners.namesFailed'), description: incomplete ? t('team.owners.namesIncomplete') : errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormControlLabel
      sx={{ px: 2.5, pt: 1 }}
      disabled={saving}
      label={t('team.owners.showNames')}
      slotProps={{ typography: { variant: 'body2' } }}
      control={<Switch checked={on} onChange={(event) => void change(event.target.checked)} />}
    />
  );
}
