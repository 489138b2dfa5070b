// MUI's own texts in Portuguese and Spanish. Imported on demand by theme.ts so the initial bundle
// carries none of them (English is MUI's default). Each from its own module: MUI's locale index
// builds an Intl.NumberFormat for every one of its ~60 locales as it is evaluated, about 18 ms of a
// desktop's main thread (75 ms on Lighthouse's phone) in the traces of a first visit.
import { esES } from '@mui/material/locale/esES';
import { ptBR } from '@mui/material/locale/ptBR';
import type { Localization } from '@mui/material/locale';
import type { UiLanguage } from '#shared/enums';

export const MUI_LOCALES: Record<Exclude<UiLanguage, 'en'>, Localization> = { pt: ptBR, es: esES };
