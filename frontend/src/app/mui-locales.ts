// MUI's own texts in Portuguese and Spanish. Imported on demand by theme.ts so the initial bundle
// carries none of them (English is MUI's default).
import { esES, ptBR, type Localization } from '@mui/material/locale';
import type { UiLanguage } from '#shared/enums';

export const MUI_LOCALES: Record<Exclude<UiLanguage, 'en'>, Localization> = { pt: ptBR, es: esES };
