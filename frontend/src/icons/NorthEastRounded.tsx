import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M9 6c0 .56.45 1 1 1h5.59L4.7 17.89c-.39.39-.39 1.02 0 1.41s1.02.39 1.41 0L17 8.41V14c0 .55.45 1 1 1s1-.45 1-1V6c0-.55-.45-1-1-1h-8c-.55 0-1 .45-1 1" />,
  'NorthEastRounded',
);
