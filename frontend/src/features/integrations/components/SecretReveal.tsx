import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyableUrl } from '../../../components/ui/CopyableUrl';
import { useToast } from '../../../components/toast/use-toast';

export interface SecretRevealProps {
  /** The API key or the webhook's signing secret, as the server answered it this once. */
  secret: string;
  /** The field's name ("API key", "Signing secret"). */
  label: string;
  /** What it is for, above the field. */
  intro?: string;
}

/** A key or secret shown this once: a warning that it will not be shown again, and a copy button. */
export function SecretReveal({ secret, label, intro }: SecretRevealProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  return (
    <Stack spacing={2} data-testid="secret-reveal">
      <Alert severity="warning" role="status">
        {t('integrations.secret.once')}
      </Alert>
      {intro && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {intro}
        </Typography>
      )}
      <CopyableUrl
        url={secret}
        label={label}
        copyLabel={t('integrations.secret.copy')}
        copiedLabel={t('integrations.secret.copied')}
        onCopyFailed={() => toast({ title: t('integrations.secret.copyFailed'), variant: 'destructive' })}
      />
    </Stack>
  );
}
