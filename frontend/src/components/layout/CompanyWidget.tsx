import { memo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '#icons/EditOutlined';
import ImageOutlinedIcon from '#icons/ImageOutlined';
import UnfoldMoreRoundedIcon from '#icons/UnfoldMoreRounded';
import WorkspacePremiumRoundedIcon from '#icons/WorkspacePremiumRounded';
import { useTranslation } from 'react-i18next';
import { companyInitials } from '#shared/rules';
import { SIDEBAR_WIDTH, type ShellCompany } from './shell-types';

export interface CompanyWidgetProps {
  company: ShellCompany | undefined;
  loading?: boolean;
  /** Master account: shows "Conta Master" instead of the plan. */
  isMaster?: boolean;
  /** Only the CEO may change the company (the server answers 403 to anyone else). */
  canEdit?: boolean;
  /** "Editar Informações da Empresa". */
  onEditCompany: () => void;
  /** "Alterar Logotipo". */
  onChangeLogo: () => void;
  /** The logo did not load (its presigned URL expired, say): read the company again for a fresh one. */
  onLogoError?: () => void;
}

/** The sidebar header: the company's logo (or initials), name and plan, with a menu. */
export const CompanyWidget = memo(function CompanyWidget({
  company,
  loading = false,
  isMaster = false,
  canEdit = false,
  onEditCompany,
  onChangeLogo,
  onLogoError,
}: CompanyWidgetProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (loading) {
    return (
      // The loaded widget's padding and border, so the menu below does not move when the company arrives.
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, border: 1, borderColor: 'transparent' }}>
        <Skeleton variant="rounded" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="70%" />
          <Skeleton width="45%" />
        </Box>
      </Box>
    );
  }

  const name = company?.name ?? t('shell.company.noCompany');
  const logoUrl = company?.logoUrl ?? undefined;
  const planLabel = isMaster ? t('shell.company.master') : company ? t(`common.plans.${company.plan}`) : '';
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('shell.company.options')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 1,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          textAlign: 'left',
          transition: 'background-color 120ms',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        <Avatar
          variant="rounded"
          src={logoUrl}
          alt={company ? t('shell.company.logoAlt', { name: company.name }) : undefined}
          slotProps={{ img: { onError: onLogoError } }}
          sx={{
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: 2,
            bgcolor: 'secondary.dark', // white initials need the darker teal for 4.5:1
            color: 'secondary.contrastText',
            // A logo is shown whole (never cropped) on a light tile; initials keep the brand colour.
            ...(logoUrl && { bgcolor: 'common.white', border: 1, borderColor: 'divider', '& img': { objectFit: 'contain', boxSizing: 'border-box', p: '3px' } }),
          }}
        >
          {company ? companyInitials(company.name) : '?'}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle2"
            component="p"
            title={name}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              lineHeight: 1.3,
              wordBreak: 'break-word',
            }}
          >
            {name}
          </Typography>
          {planLabel && (
            <Typography
              variant="caption"
              noWrap
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                color: isMaster ? 'warning.main' : 'text.secondary',
                fontWeight: isMaster ? 600 : 400,
              }}
            >
              {isMaster && <WorkspacePremiumRoundedIcon sx={{ fontSize: 14 }} />}
              {planLabel}
            </Typography>
          )}
        </Box>
        <UnfoldMoreRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { minWidth: `calc(${SIDEBAR_WIDTH} - 24px)` } } }}
      >
        {isMaster && (
          <Box sx={{ px: 1.5, py: 1 }}>
            <Typography variant="subtitle2" sx={{ color: 'warning.main' }}>
              {t('shell.company.master')}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('shell.company.masterDescription')}
            </Typography>
          </Box>
        )}
        {isMaster && <Divider sx={{ my: 0.5 }} />}
        {canEdit && (
          <MenuItem onClick={choose(onEditCompany)} disabled={!company}>
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('shell.company.edit')}</ListItemText>
          </MenuItem>
        )}
        {/* Shown to everyone (the menu is never empty), usable by the CEO only: others read why. */}
        <MenuItem onClick={choose(onChangeLogo)} disabled={!company || !canEdit}>
          <ListItemIcon>
            <ImageOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={t('shell.company.changeLogo')}
            secondary={company && !canEdit ? t('shell.company.changeLogoCeoOnly') : undefined}
          />
        </MenuItem>
      </Menu>
    </>
  );
});
