import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleRoundedIcon from '#icons/CheckCircleRounded';
import RadioButtonUncheckedRoundedIcon from '#icons/RadioButtonUncheckedRounded';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, metPasswordRules } from '../lib/password-rules';

export interface PasswordRequirementsProps {
  password: string;
}

/** The five rules of a new password, ticked live as the person types. */
export function PasswordRequirements({ password }: PasswordRequirementsProps) {
  const { t } = useTranslation();
  const met = metPasswordRules(password);
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.03),
      }}
    >
      <Typography variant="subtitle2" id="password-requirements-title" sx={{ mb: 1 }}>
        {t('auth.resetPassword.requirementsTitle')}
      </Typography>
      <Box component="ul" aria-labelledby="password-requirements-title" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
        {PASSWORD_RULES.map(({ id }) => (
          <Box
            component="li"
            key={id}
            data-met={met[id]}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              typography: 'body2',
              color: met[id] ? 'success.main' : 'text.secondary',
              transition: 'color 150ms',
            }}
          >
            {met[id] ? (
              <CheckCircleRoundedIcon sx={{ fontSize: 18 }} aria-hidden />
            ) : (
              <RadioButtonUncheckedRoundedIcon sx={{ fontSize: 18, color: 'grey.400' }} aria-hidden />
            )}
            <span>{t(`auth.resetPassword.rules.${id}`)}</span>
            <Box component="span" sx={visuallyHidden}>
              {`(${met[id] ? t('auth.resetPassword.ruleMet') : t('auth.resetPassword.ruleUnmet')})`}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
