import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M9 16.17 5.53 12.7a.996.996 0 0 0-1.41 0c-.39.39-.39 1.02 0 1.41l4.18 4.18c.39.39 1.02.39 1.41 0L20.29 7.71c.39-.39.39-1.02 0-1.41a.996.996 0 0 0-1.41 0z" />,
  'CheckRounded',
);
