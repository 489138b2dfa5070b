import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { logoFileProblem, removeCompanyLogo, uploadCompanyLogo } from '../api/company-logo';
import { decodeImage, LogoDropZone, type PickedLogo } from './LogoDropZone';

export interface CompanyLogoDialogProps {
  open: boolean;
  company: Company;
  onClose: () => void;
}

/**
 * "Alterar Logotipo" (CEO): pick a PNG, JPEG or WebP image up to 2 MB (or drop it), see it as the
 * sidebar will, save it (presigned upload to storage, then recorded), or remove the current logo.
 */
export function CompanyLogoDialog({ open, company, onClose }: CompanyLogoDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="company-logo-title"
      aria-describedby="company-logo-description"
    >
      {/* Mounted only while open, so each opening starts from the company's logo as it is now. */}
      {open && <CompanyLogoForm company={company} onDone={onClose} pending={pending} setPending={setPending} />}
    </Dialog>
  );
}

interface CompanyLogoFormProps {
  company: Company;
  onDone: () => void;
  pending: boolean;
  setPending: (pending: boolean) => void;
}

function CompanyLogoForm({ company, onDone, pending, setPending }: CompanyLogoFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [picked, setPicked] = useState<PickedLogo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<'save' | 'remove' | null>(null);

  // The preview's object URL lives as long as it is shown.
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.preview) : undefined), [picked]);

  const busy = pending || action !== null;
  const start = (next: 'save' | 'remove') => {
    setAction(next);
    setPending(true);
    setProblem(null);
  };
  const stop = () => {
    setAction(null);
    setPending(false);
  };

  async function pick(file: File | undefined) {
    if (!file || busy) return;
    const reason = logoFileProblem(file);
    if (reason) {
      setProblem(t(reason));
      return;
    }
    const preview = URL.createObjectURL(file);
    const size = await decodeImage(preview);
    if (!size) {
      URL.revokeObjectURL(preview);
      setProblem(t('companies.logo.unreadable'));
      return;
    }
    setProblem(null);
    setPicked({ file, preview, ...size });
  }

  async function save() {
    if (!picked) return;
    start('save');
    try {
      await uploadCompanyLogo(company.id, picked.file);
      toast({ title: t('companies.logo.successTitle'), description: t('companies.logo.successDescription'), severity: 'success' });
      stop();
      onDone();
    } catch (error) {
      stop();
      setProblem(errorMessage(error, t('companies.logo.saveFailed')));
    }
  }

  async function remove() {
    start('remove');
    try {
      await removeCompanyLogo(company.id);
      toast({ title: t('companies.logo.removedTitle'), description: t('companies.logo.removedDescription'), severity: 'success' });
      stop();
      onDone();
    } catch (error) {
      stop();
      setProblem(errorMessage(error, t('companies.logo.removeFailed')));
    }
  }

  return (
    <>
      <DialogTitle id="company-logo-title">{t('companies.logo.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="company-logo-description" variant="body2" sx={{ mb: 2 }}>
          {t('companies.logo.description')}
        </DialogContentText>
        <LogoDropZone company={company} picked={picked} busy={busy} removing={action === 'remove'} onPick={(file) => void pick(file)} onRemove={() => void remove()} />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('companies.logo.rules')}
        </Typography>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onDone} disabled={busy}>
          {t('companies.logo.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!picked || busy}
          startIcon={action === 'save' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t(action === 'save' ? 'companies.logo.saving' : 'companies.logo.save')}
        </Button>
      </DialogActions>
    </>
  );
}
