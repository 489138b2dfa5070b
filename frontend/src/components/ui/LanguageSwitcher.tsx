import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import CheckRoundedIcon from '#icons/CheckRounded';
import KeyboardArrowDownRoundedIcon from '#icons/KeyboardArrowDownRounded';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '#shared/enums';
import { SUPPORTED_LANGUAGES, currentLanguage, setLanguage } from '../../lib/i18n';

export const LANGUAGE_FLAGS: Record<UiLanguage, string> = { en: '🇺🇸', pt: '🇧🇷', es: '🇪🇸' };

export interface LanguageSwitcherProps {
  /** `icon`: the flag only (sidebar, app bar); `button`: flag, language name and a caret. */
  variant?: 'icon' | 'button';
}

const flagSx = { fontSize: '1.25rem', lineHeight: 1, fontFamily: '"Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif' };

/** Shows the flag of the current language and lists the languages; the choice is remembered. */
export function LanguageSwitcher({ variant = 'icon' }: LanguageSwitcherProps) {
  const { t } = useTranslation(); // also re-renders this component when the language changes
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const language = currentLanguage();
  const label = t('shell.language.change', { language: t(`common.languages.${language}`) });

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const choose = (next: UiLanguage) => {
    setAnchor(null);
    if (next !== language) void setLanguage(next);
  };

  const flag = (
    <Box component="span" aria-hidden sx={flagSx}>
      {LANGUAGE_FLAGS[language]}
    </Box>
  );

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton
            onClick={open}
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            size="small"
            sx={{ width: 36, height: 36, border: 1, borderColor: 'divider' }}
          >
            {flag}
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          onClick={open}
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          color="inherit"
          variant="outlined"
          startIcon={flag}
          endIcon={<KeyboardArrowDownRoundedIcon />}
          sx={{ borderColor: 'divider', color: 'text.primary', bgcolor: 'background.paper' }}
        >
          {t(`common.languages.${language}`)}
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {SUPPORTED_LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            selected={option === language}
            onClick={() => choose(option)}
            lang={option}
            sx={{ minWidth: 180 }}
          >
            <ListItemIcon sx={flagSx}>
              <span aria-hidden>{LANGUAGE_FLAGS[option]}</span>
            </ListItemIcon>
            <ListItemText>{t(`common.languages.${option}`)}</ListItemText>
            {option === language && <CheckRoundedIcon fontSize="small" color="primary" sx={{ ml: 1 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
