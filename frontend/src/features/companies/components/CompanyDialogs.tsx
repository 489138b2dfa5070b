import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// Loaded when first opened: their forms, upload and validation are not needed to draw any screen.
const CompanyEditDialog = retryableLazy(() => import('./CompanyEditDialog'), (module) => module.CompanyEditDialog);
const CompanyLogoDialog = retryableLazy(() => import('./CompanyLogoDialog'), (module) => module.CompanyLogoDialog);

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
 * - `logo`: "Alterar Logotipo" (upload, replace or remove the logo; CEO only on the server).
 * The shell's menu offers both to the CEO only; should one be asked for by anyone else (a stale
 * menu after a role change), it does not open and a toast says who may make the change.
 */
export function CompanyDialogs({ company, open, onClose }: CompanyDialogsProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const isCeo = user?.role === 'ceo';
  const refused = open !== null && Boolean(user) && !isCeo ? open : null;

  useEffect(() => {
    if (!refused) return;
    const texts = refused === 'logo' ? 'companies.logo' : 'companies.edit';
    toast({ title: t(`${texts}.ceoOnlyTitle`), description: t(`${texts}.ceoOnly`) });
    onClose();
  }, [refused, toast, t, onClose]);

  // A dialog is loaded on its first opening and stays mounted after, so closing it still animates.
  const [loaded, setLoaded] = useState({ edit: false, logo: false });
  const wanted = isCeo ? open : null;
  if (wanted && !loaded[wanted]) setLoaded({ ...loaded, [wanted]: true });

  if (!company || !isCeo) return null;
  return (
    <>
      {loaded.edit && (
        <LazyDialog open={open === 'edit'}>
          <CompanyEditDialog open={open === 'edit'} company={company} onClose={onClose} />
        </LazyDialog>
      )}
      {loaded.logo && (
        <LazyDialog open={open === 'logo'}>
          <CompanyLogoDialog open={open === 'logo'} company={company} onClose={onClose} />
        </LazyDialog>
      )}
    </>
  );
}
