// The sections of "Editar Informações da Empresa": the company, its responsible person, and the
// preferences (payment method, language, time zone, two-factor sign-in).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PREFERRED_LANGUAGES, TIME_ZONES, type PaymentMethod, type PreferredLanguage, type TimeZone } from '#shared/enums';
import type { CompanyUpdateBody } from '#shared/schemas';
import { FormSelect, FormSwitch, FormTextField } from '../../../lib/forms/fields';

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  responsibleName: string;
  responsibleEmail: string;
  ein: string;
  /** '' = none. */
  paymentMethod: PaymentMethod | '';
  preferredLanguage: PreferredLanguage;
  timezone: TimeZone;
  twoFactorEnabled: boolean;
}

export type CompanyForm = UseFormReturn<CompanyFormValues, unknown, CompanyUpdateBody>;

function Section({ title, children, last = false }: { title: string; children: ReactNode; last?: boolean }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: last ? 0 : 3, minWidth: 0 }}>
      <Typography component="legend" variant="overline" sx={{ color: 'text.secondary', mb: 1.5, display: 'block', p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>
    </Box>
  );
}

export function CompanySection({ form }: { form: CompanyForm }) {
  const { t } = useTranslation();
  return (
    <Section title={t('companies.edit.sections.company')}>
      <FormTextField form={form} name="name" fullWidth label={t('companies.edit.name')} required autoFocus slotProps={{ htmlInput: { maxLength: 200 } }} />
      <FormTextField form={form} name="email" fullWidth type="email" label={t('companies.edit.email')} required slotProps={{ htmlInput: { maxLength: 254 } }} />
      <FormTextField
        form={form}
        name="phone"
        fullWidth
        type="tel"
        label={t('companies.edit.phone')}
        placeholder={t('companies.edit.phonePlaceholder')}
        required
        helperText={t('companies.edit.phoneHelp')}
        slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'tel' } }}
      />
      <FormTextField
        form={form}
        name="ein"
        fullWidth
        label={t('companies.edit.ein')}
        placeholder="XX-XXXXXXX"
        helperText={t('companies.edit.einHelp')}
        slotProps={{ htmlInput: { maxLength: 10 } }}
      />
      <FormTextField
        form={form}
        name="address"
        fullWidth
        label={t('companies.edit.address')}
        required
        multiline
        minRows={2}
        sx={{ gridColumn: { sm: '1 / -1' } }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </Section>
  );
}

export function ResponsibleSection({ form }: { form: CompanyForm }) {
  const { t } = useTranslation();
  return (
    <Section title={t('companies.edit.sections.responsible')}>
      <FormTextField form={form} name="responsibleName" fullWidth label={t('companies.edit.responsibleName')} required slotProps={{ htmlInput: { maxLength: 200 } }} />
      <FormTextField
        form={form}
        name="responsibleEmail"
        fullWidth
        type="email"
        label={t('companies.edit.responsibleEmail')}
        required
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
    </Section>
  );
}

export function PreferencesSection({ form }: { form: CompanyForm }) {
  const { t } = useTranslation();
  return (
    <Section title={t('companies.edit.sections.preferences')} last>
      <FormSelect form={form} name="paymentMethod" fullWidth label={t('companies.edit.paymentMethod')}>
        <MenuItem value="">
          <em>{t('companies.edit.paymentMethodNone')}</em>
        </MenuItem>
        {PAYMENT_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {t(`companies.paymentMethods.${method}`)}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect form={form} name="preferredLanguage" fullWidth label={t('companies.edit.preferredLanguage')}>
        {PREFERRED_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {t(`companies.languages.${language}`)}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect form={form} name="timezone" fullWidth label={t('companies.edit.timezone')}>
        {TIME_ZONES.map((zone) => (
          <MenuItem key={zone} value={zone}>
            {t(`companies.timezones.${zone.replace('/', '_')}`)}
          </MenuItem>
        ))}
      </FormSelect>
      <Box sx={{ alignSelf: 'center' }}>
        <FormSwitch form={form} name="twoFactorEnabled" label={t('companies.edit.twoFactor')} />
        <FormHelperText sx={{ mt: 0, ml: 0 }}>{t('companies.edit.twoFactorHelp')}</FormHelperText>
      </Box>
    </Section>
  );
}
