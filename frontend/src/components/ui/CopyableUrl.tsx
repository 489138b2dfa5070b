import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ContentCopyRoundedIcon from '#icons/ContentCopyRounded';
import CheckRoundedIcon from '#icons/CheckRounded';

export interface CopyableUrlProps {
  url: string;
  /** The field's accessible name ("Export URL"). */
  label: string;
  copyLabel: string;
  copiedLabel: string;
  /** Told when the browser refused the clipboard (the field stays selectable). */
  onCopyFailed?: () => void;
}

/**
 * A URL to paste elsewhere (a channel's calendar import, a phone's calendar subscription): a
 * read-only field, selected whole on focus, and a copy button that says it copied.
 */
export function CopyableUrl({ url, label, copyLabel, copiedLabel, onCopyFailed }: CopyableUrlProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      onCopyFailed?.();
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        value={url}
        label={label}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: '0.8125rem' } } }}
        onFocus={(event) => event.target.select()}
      />
      <Button variant="outlined" size="small" onClick={copy} startIcon={copied ? <CheckRoundedIcon /> : <ContentCopyRoundedIcon />} sx={{ flexShrink: 0 }} aria-live="polite">
        {copied ? copiedLabel : copyLabel}
      </Button>
    </Stack>
  );
}
