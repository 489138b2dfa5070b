// The logo dialog's drop zone: the logo as the sidebar will show it (the picked image, the current
// logo or the initials), what it is, and the buttons to choose another or remove it; a file can be dropped on it.
import { useId, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '#icons/DeleteOutlineRounded';
import UploadRoundedIcon from '#icons/UploadRounded';
import { useTranslation } from 'react-i18next';
import { companyInitials } from '#shared/rules';
import type { Company } from '#shared/schemas';
import { useLanguage } from '../../../lib/use-language';
import { LOGO_CONTENT_TYPES } from '../api/company-logo';
import { numberFormat } from '../../../lib/intl';

/** The image picked for upload, checked in the browser (type, size, and that it really decodes). */
export interface PickedLogo {
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
    numberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return bytes < 1024 * 1024 ? format(Math.max(1, Math.round(bytes / 1024)), 'kilobyte') : format(bytes / (1024 * 1024), 'megabyte');
}

/** Width and height of an image file, or undefined when the browser cannot read it as an image. */
export async function decodeImage(url: string): Promise<{ width: number; height: number } | undefined> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : undefined;
  } catch {
    return undefined;
  }
}

interface LogoDropZoneProps {
  company: Company;
  picked: PickedLogo | null;
  busy: boolean;
  removing: boolean;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
}

export function LogoDropZone({ company, picked, busy, removing, onPick, onRemove }: LogoDropZoneProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [dragging, setDragging] = useState(false);
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
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          onPick(event.dataTransfer.files?.[0]);
        }}
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
              onClick={onRemove}
              disabled={busy}
              startIcon={removing ? <CircularProgress size={14} color="inherit" /> : <DeleteOutlineRoundedIcon />}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t(removing ? 'companies.logo.removing' : 'companies.logo.remove')}
            </Button>
          )}
        </Box>
        <input
          ref={input}
          type="file"
          tabIndex={-1}
          accept={LOGO_CONTENT_TYPES.join(',')}
          onChange={(event) => {
                onPick(event.target.files?.[0]);
                event.target.value = ''; // choosing the same file again still counts as a choice
              }}
          disabled={busy}
          aria-describedby={statusId}
          style={{ display: 'none' }}
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75, display: { xs: 'none', sm: 'block' } }}>
          {t('companies.logo.dropHint')}
        </Typography>
      </Box>
    </Box>
  );
}
