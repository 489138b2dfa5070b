import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface CompanyOption {
  id: string;
  name: string;
}

export interface CompanySelectProps {
  companies: CompanyOption[];
  value: string | undefined;
  onChange: (companyId: string) => void;
  disabled?: boolean;
}

/** Empresa: which company the tabs work on (defaults to the first of GET /api/companies). */
export function CompanySelect({ companies, value, onChange, disabled }: CompanySelectProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 260 }} disabled={disabled}>
      <InputLabel id={labelId} shrink>
        {t('notifications.company.label')}
      </InputLabel>
      <Select
        labelId={labelId}
        label={t('notifications.company.label')}
        value={value ?? ''}
        displayEmpty
        notched
        onChange={(event) => onChange(String(event.target.value))}
        renderValue={(selected) =>
          selected ? (
            companies.find((company) => company.id === selected)?.name ?? selected
          ) : (
            <Typography component="span" sx={{ color: 'text.secondary' }}>
              {t('notifications.company.placeholder')}
            </Typography>
          )
        }
      >
        {companies.map((company) => (
          <MenuItem key={company.id} value={company.id}>
            {company.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
