// The /auth form's fields: names (registration), e-mail, password, then the confirmation
// (registration) or "remember me" and the forgotten-password link (sign-in). A field that breaks a
// rule is marked; the toast says why (SPEC point 5).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { FormCheckbox, FormTextField } from '../../../lib/forms/fields';
import type { AuthForm } from '../lib/auth-form';
import { PasswordField } from './PasswordField';

export function EmailAuthFields({ form, isRegister }: { form: AuthForm; isRegister: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isRegister && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormTextField form={form} name="firstName" showErrorText={false} label={t('auth.fields.firstName')} autoComplete="given-name" required fullWidth />
          <FormTextField form={form} name="lastName" showErrorText={false} label={t('auth.fields.lastName')} autoComplete="family-name" required fullWidth />
        </Box>
      )}
      <FormTextField
        form={form}
        name="email"
        showErrorText={false}
        type="email"
        label={t('auth.fields.email')}
        placeholder={t('auth.fields.emailPlaceholder')}
        autoComplete={isRegister ? 'email' : 'username'}
        required
        fullWidth
      />
      <FormTextField
        form={form}
        name="password"
        as={PasswordField}
        showErrorText={false}
        label={t('auth.fields.password')}
        helperText={isRegister ? t('auth.emailLogin.passwordHint') : undefined}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        required
        fullWidth
      />
      {isRegister ? (
        <FormTextField
          form={form}
          name="confirmPassword"
          as={PasswordField}
          showErrorText={false}
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          required
          fullWidth
        />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mt: '8px !important' }}>
          <FormCheckbox
            form={form}
            name="remember"
            checkboxProps={{ size: 'small' }}
            label={<Typography variant="body2">{t('auth.emailLogin.rememberMe')}</Typography>}
          />
          <Button component={RouterLink} to={paths.forgotPassword} size="small" sx={{ px: 1 }}>
            {t('auth.emailLogin.forgotPassword')}
          </Button>
        </Box>
      )}
    </>
  );
}
