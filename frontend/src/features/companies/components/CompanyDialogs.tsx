import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { CompanyEditDialog } from './CompanyEditDialog';
import { CompanyLogoDialog } from './CompanyLogoDialog';

export type CompanyDialog = 'edit' | 'logo' | null;

export interface CompanyDialogsProps {
  company: Company | undefined;
  /** Which dialog the sidebar's company widget asked for. */
  open: CompanyDialog;
  onClose: () => void;
}

/**
 * The dialogs of the sidebar's company widget, rendered by the authenticated layout:
 * - `edit`: "Editar Informações da Empresa" (PUT /api/companies/{id}, CEO only on the server);
 * - `logo`: "Alterar Logotipo" (upload comes in a later issue; the dialog says so).
 * The shell's menu offers "edit" to the CEO only; should the dialog be asked for by anyone else
 * (a stale menu after a role change), it does not open the form and a toast says who may edit.
 */
export function CompanyDialogs({ company, open, onClose }: CompanyDialogsProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const isCeo = user?.role === 'ceo';
  const refused = open === 'edit' && Boolean(user) && !isCeo;

  useEffect(() => {
    if (!refused) return;
    toast({ title: t('companies.edit.ceoOnlyTitle'), description: t('companies.edit.ceoOnly') });
    onClose();
  }, [refused, toast, t, onClose]);

  if (!company) return null;
  return (
    <>
      {isCeo && <CompanyEditDialog open={open === 'edit'} company={company} onClose={onClose} />}
      <CompanyLogoDialog open={open === 'logo'} company={company} onClose={onClose} />
    </>
  );
}
