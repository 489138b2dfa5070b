import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { companyUpdateBody, type Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { updateCompany } from '../api/update-company';
import { CompanySection, PreferencesSection, ResponsibleSection, type CompanyFormValues } from './CompanyEditSections';

const FIELDS: readonly (keyof CompanyFormValues)[] = [
  'name',
  'email',
  'phone',
  'address',
  'responsibleName',
  'responsibleEmail',
  'ein',
  'paymentMethod',
  'preferredLanguage',
  'timezone',
  'twoFactorEnabled',
];

/** No payment method ('') is null. */
const companyForm = mappedSchema(companyUpdateBody, (values: CompanyFormValues) => ({ ...values, paymentMethod: values.paymentMethod || null }));

/** The company as the form starts: its values, SPEC's defaults where it has none. */
function initialForm(company: Company): CompanyFormValues {
  return {
    name: company.name ?? '',
    email: company.email ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
    responsibleName: company.responsibleName ?? '',
    responsibleEmail: company.responsibleEmail ?? '',
    ein: company.ein ?? '',
    paymentMethod: company.paymentMethod ?? '',
    preferredLanguage: company.preferredLanguage ?? 'portuguese',
    timezone: company.timezone ?? 'America/New_York',
    twoFactorEnabled: company.twoFactorEnabled ?? false,
  };
}

export interface CompanyEditDialogProps {
  open: boolean;
  company: Company;
  onClose: () => void;
}

/** "Editar Informações da Empresa": every field of PUT /api/companies/{id} (SPEC points 4, 5, 8). */
export function CompanyEditDialog({ open, company, onClose }: CompanyEditDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="company-edit-title"
      aria-describedby="company-edit-description"
    >
      <DialogTitle id="company-edit-title" sx={{ pb: 0.5 }}>
        {t('companies.edit.title')}
      </DialogTitle>
      <Typography id="company-edit-description" variant="body2" sx={{ px: 3, color: 'text.secondary' }}>
        {t('companies.edit.description')}
      </Typography>
      {/* Mounted only while open, so each opening starts from the company as it is now. */}
      {open && <CompanyEditForm company={company} onDone={onClose} setPending={setPending} />}
    </Dialog>
  );
}

interface CompanyEditFormProps {
  company: Company;
  onDone: () => void;
  setPending: (pending: boolean) => void;
}

function CompanyEditForm({ company, onDone, setPending }: CompanyEditFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(companyForm, { defaultValues: initialForm(company) });
  const pending = form.formState.isSubmitting;
  useEffect(() => setPending(pending), [pending, setPending]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await updateCompany(company.id, body);
      toast({ title: t('companies.edit.successTitle'), description: t('companies.edit.successDescription'), severity: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error, { fields: FIELDS });
      toast({ title: t('companies.edit.errorTitle'), description: t('companies.edit.errorDescription'), variant: 'destructive' });
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent>
        <CompanySection form={form} />
        <ResponsibleSection form={form} />
        <PreferencesSection form={form} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('companies.edit.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('companies.edit.saving') : t('companies.edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
