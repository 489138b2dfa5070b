// The one MUI theme. Built like the MUI dashboard template: design tokens first, then one block of
// component customisations per category, merged into a single `createTheme` call. Screens style
// through this theme and `sx`, never with ad-hoc CSS.
import { alpha, createTheme, type Components, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { UiLanguage } from '#shared/enums';

// ---- Tokens ------------------------------------------------------------------------------------
export const brand = {
  50: '#eef3ff',
  100: '#dbe5fe',
  200: '#bfd1fe',
  300: '#93b2fd',
  400: '#6089fa',
  500: '#3b63f5',
  600: '#2547e0',
  700: '#1d37c4',
  800: '#1e309f',
  900: '#1e2f7d',
} as const;

export const gray = {
  50: '#f7f8fa',
  100: '#eff1f5',
  200: '#e2e6ec',
  300: '#cdd3dc',
  400: '#9aa4b2',
  500: '#6b7585',
  600: '#4d5666',
  700: '#363d4a',
  800: '#222833',
  900: '#12161d',
} as const;

const palette: ThemeOptions['palette'] = {
  mode: 'light',
  primary: { light: brand[400], main: brand[600], dark: brand[800], contrastText: '#fff' },
  secondary: { light: '#5eead4', main: '#0d9488', dark: '#0f766e', contrastText: '#fff' },
  // green-700: 5:1 on white, so figures in this colour read as body text must (WCAG AA).
  success: { main: '#15803d' },
  // amber-700: 5:1 on white, so warning-coloured text ("3 urgent", Pending chips) is readable (WCAG AA).
  warning: { main: '#b45309', contrastText: '#fff' },
  error: { main: '#dc2626' },
  info: { main: brand[500] },
  grey: gray,
  divider: gray[200],
  background: { default: gray[50], paper: '#ffffff' },
  // Secondary text one step darker than gray[500], which fell short of 4.5:1 on the page background.
  text: { primary: gray[900], secondary: '#5c6675' },
  action: { hover: alpha(gray[300], 0.25), selected: alpha(brand[500], 0.1) },
};

const typography: ThemeOptions['typography'] = {
  fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  h1: { fontSize: '2.75rem', fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.02em' },
  h2: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.015em' },
  h3: { fontSize: '1.875rem', fontWeight: 700, lineHeight: 1.25 },
  h4: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
  h5: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.4 },
  h6: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.4 },
  subtitle1: { fontSize: '1rem', fontWeight: 500 },
  subtitle2: { fontSize: '0.875rem', fontWeight: 600 },
  body1: { fontSize: '0.9375rem' },
  body2: { fontSize: '0.875rem' },
  caption: { fontSize: '0.75rem' },
  button: { textTransform: 'none', fontWeight: 600 },
  overline: { fontWeight: 600, letterSpacing: '0.08em' },
};

// ---- Customisations by category ----------------------------------------------------------------
const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: { defaultProps: { disableRipple: false } },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: { borderRadius: 8, paddingInline: 16 },
      sizeLarge: { paddingBlock: 10, fontSize: '0.9375rem' },
    },
  },
  MuiIconButton: { styleOverrides: { root: { borderRadius: 8 } } },
  MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8 } } },
};

const surfacesCustomizations: Components<Theme> = {
  MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 12,
        borderColor: theme.palette.divider,
        boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04)',
      }),
    },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
};

const navigationCustomizations: Components<Theme> = {
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({ backgroundColor: theme.palette.background.paper, borderColor: theme.palette.divider }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 8,
        paddingBlock: 6,
        color: theme.palette.text.secondary,
        '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 36 },
        '&:hover': { backgroundColor: theme.palette.action.hover, color: theme.palette.text.primary },
        '&.Mui-selected': {
          color: theme.palette.primary.main,
          backgroundColor: alpha(theme.palette.primary.main, 0.08),
          '&:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
        },
      }),
    },
  },
  MuiMenu: {
    styleOverrides: {
      paper: ({ theme }) => ({
        marginTop: 4,
        borderRadius: 10,
        border: `1px solid ${theme.palette.divider}`,
        boxShadow: '0 8px 24px rgba(16, 24, 40, 0.12)',
      }),
      list: { padding: 4 },
    },
  },
  MuiMenuItem: { styleOverrides: { root: { borderRadius: 6, fontSize: '0.875rem' } } },
  MuiLink: { defaultProps: { underline: 'hover' } },
};

const dataDisplayCustomizations: Components<Theme> = {
  MuiAvatar: { styleOverrides: { root: { fontWeight: 600, fontSize: '0.875rem' } } },
  MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
  // MUI renders subtitles as <h6> by default, so every small bold line (a performer's name, a
  // dialog's field group) became a heading six levels down: screen readers heard a broken outline
  // and Lighthouse failed "heading order". A subtitle is a paragraph; a real heading says its level
  // (`component="h2"`).
  MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
  MuiTooltip: {
    // SPEC point 9: tooltips open after 700 ms.
    defaultProps: { enterDelay: 700, enterNextDelay: 300 },
  },
};

const feedbackCustomizations: Components<Theme> = {
  MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
};

// ---- Motion -----------------------------------------------------------------------------------
// A user who asked their system for less motion (vestibular disorders, or simply a slow phone) gets
// none: dialogs, menus, drawers, toasts and tabs appear and go at once, ripples and skeleton pulses
// stop. `!important` because MUI's transitions are inline styles. Progress indicators keep turning:
// they are how a screen says it is still working, not decoration.
const reducedMotion: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: {
      '@media (prefers-reduced-motion: reduce)': {
        '*:not([class*="MuiCircularProgress"]):not([class*="MuiLinearProgress"]), *::before, *::after': {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          transitionDelay: '0s !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
};

const themeOptions: ThemeOptions = {
  palette,
  typography,
  shape: { borderRadius: 8 },
  components: {
    ...reducedMotion,
    ...inputsCustomizations,
    ...surfacesCustomizations,
    ...navigationCustomizations,
    ...dataDisplayCustomizations,
    ...feedbackCustomizations,
  },
};

/** The theme in English (MUI's default texts). */
export const theme = createTheme(themeOptions);

// MUI's built-in texts (pagination, autocomplete, alert close…) follow the interface language.
const themes = new Map<UiLanguage, Theme>([['en', theme]]);

/** The theme for a language if it is ready, else undefined (see `loadThemeForLanguage`). */
export function cachedThemeForLanguage(language: UiLanguage): Theme | undefined {
  return themes.get(language);
}

/** Builds (once) the theme with MUI's texts in `language`; pt and es are downloaded on demand. */
export async function loadThemeForLanguage(language: UiLanguage): Promise<Theme> {
  const cached = themes.get(language);
  if (cached) return cached;
  const { MUI_LOCALES } = await import('./mui-locales');
  const localized = createTheme(themeOptions, MUI_LOCALES[language as Exclude<UiLanguage, 'en'>]);
  themes.set(language, localized);
  return localized;
}
