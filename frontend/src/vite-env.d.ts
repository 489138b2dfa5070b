/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

// MUI's per-language modules, resolved by vite.config.ts (the package's exports map names only its
// locale index, which builds number formats for every language it has).
declare module '@mui/material/locale/ptBR' {
  export const ptBR: import('@mui/material/locale').Localization;
}
declare module '@mui/material/locale/esES' {
  export const esES: import('@mui/material/locale').Localization;
}

// One language's share of shared/messages.ts, by key (build/shared-messages.ts).
declare module 'virtual:shared-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
