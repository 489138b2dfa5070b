import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import { useTranslation } from 'react-i18next';
import { companyInitials } from '#shared/rules';
import type { Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { LOGO_CONTENT_TYPES, logoFileProblem, removeCompanyLogo, uploadCompanyLogo } from '../api/company-logo';

export interface CompanyLogoDialogProps {
  open: boolean;
  company: Company;
  onClose: () => void;
}

/** The image picked for upload, checked in the browser (type, size, and that it really decodes). */
interface PickedLogo {
  file: File;
  preview: string;
  width: number;
  height: number;
}

/** How a logo sits in its square: whole (contain) on a light tile, never cropped. */
const logoTileSx = {
  bgcolor: 'common.white',
  color: 'secondary.contrastText',
  border: 1,
  borderColor: 'divider',
  '& img': { objectFit: 'contain', boxSizing: 'border-box', p: '6px' },
} as const;

function formatBytes(bytes: number, language: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return bytes < 1024 * 1024 ? format(Math.max(1, Math.round(bytes / 1024)), 'kilobyte') : format(bytes / (1024 * 1024), 'megabyte');
}

/** Width and height of an image file, or undefined when the browser cannot read it as an image. */
async function decodeImage(url: string): Promise<{ width: number; height: number } | undefined> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : undefined;
  } catch {
    return undefined;
  }
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
  const language = useLanguage();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [picked, setPicked] = useState<PickedLogo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<'save' | 'remove' | null>(null);
  const [dragging, setDragging] = useState(false);

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

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    void pick(event.target.files?.[0]);
    event.target.value = ''; // choosing the same file again still counts as a choice
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files?.[0]);
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

  const shown = picked?.preview ?? company.logoUrl ?? undefined;
  const status = picked
    ? t('companies.logo.selected')
    : company.logoUrl
      ? t('companies.logo.current')
      : t('companies.logo.none');
  const detail = picked
    ? t('companies.logo.fileDetail', {
        name: picked.file.name,
        size: formatBytes(picked.file.size, language),
        width: picked.width,
        height: picked.height,
      })
    : null;

  return (
    <>
      <DialogTitle id="company-logo-title">{t('companies.logo.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="company-logo-description" variant="body2" sx={{ mb: 2 }}>
          {t('companies.logo.description')}
        </DialogContentText>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'center',
            textAlign: { xs: 'center', sm: 'left' },
            gap: 2,
            p: 2,
            borderRadius: 2,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            transition: 'border-color 120ms, background-color 120ms',
          }}
        >
          <Avatar
            variant="rounded"
            src={shown}
            alt={picked ? t('companies.logo.previewAlt') : t('shell.company.logoAlt', { name: company.name })}
            sx={{
              width: 88,
              height: 88,
              flexShrink: 0,
              borderRadius: 2,
              fontSize: '1.75rem',
              ...(shown ? logoTileSx : { bgcolor: 'secondary.main', color: 'secondary.contrastText' }),
            }}
          >
            {companyInitials(company.name)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography id={statusId} variant="subtitle2" role="status">
              {status}
            </Typography>
            {detail && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {detail}
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, justifyContent: { xs: 'center', sm: 'flex-start' } }}>
              <Button
                onClick={() => input.current?.click()}
                variant="outlined"
                size="small"
                startIcon={<UploadRoundedIcon />}
                disabled={busy}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t(picked || company.logoUrl ? 'companies.logo.chooseAnother' : 'companies.logo.choose')}
              </Button>
              {company.logoUrl && !picked && (
                <Button
                  color="error"
                  size="small"
                  onClick={() => void remove()}
                  disabled={busy}
                  startIcon={action === 'remove' ? <CircularProgress size={14} color="inherit" /> : <DeleteOutlineRoundedIcon />}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t(action === 'remove' ? 'companies.logo.removing' : 'companies.logo.remove')}
                </Button>
              )}
            </Box>
            <input
              ref={input}
              type="file"
              tabIndex={-1}
              accept={LOGO_CONTENT_TYPES.join(',')}
              onChange={onInput}
              disabled={busy}
              aria-describedby={statusId}
              style={{ display: 'none' }}
            />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75, display: { xs: 'none', sm: 'block' } }}>
              {t('companies.logo.dropHint')}
            </Typography>
          </Box>
        </Box>
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
