import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M15.88 9.29 12 13.17 8.12 9.29a.996.996 0 0 0-1.41 0c-.39.39-.39 1.02 0 1.41l4.59 4.59c.39.39 1.02.39 1.41 0l4.59-4.59c.39-.39.39-1.02 0-1.41-.39-.38-1.03-.39-1.42 0" />,
  'ExpandMoreRounded',
);
