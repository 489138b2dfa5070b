import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { companyInitials } from '#shared/rules';
import type { Company } from '#shared/schemas';

export interface CompanyLogoDialogProps {
  open: boolean;
  company: Company;
  onClose: () => void;
}

/** "Alterar Logotipo": logo upload is a later issue, and the dialog says so plainly. */
export function CompanyLogoDialog({ open, company, onClose }: CompanyLogoDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="company-logo-title" aria-describedby="company-logo-description">
      <DialogTitle id="company-logo-title">{t('companies.logo.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar
            variant="rounded"
            src={company.logoUrl ?? undefined}
            alt=""
            sx={{ width: 56, height: 56, bgcolor: 'secondary.main', color: 'secondary.contrastText', borderRadius: 2, fontSize: '1.125rem' }}
          >
            {companyInitials(company.name)}
          </Avatar>
          <DialogContentText id="company-logo-description">{t('companies.logo.message')}</DialogContentText>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('companies.logo.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
