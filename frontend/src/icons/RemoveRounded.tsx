import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M18 13H6c-.55 0-1-.45-1-1s.45-1 1-1h12c.55 0 1 .45 1 1s-.45 1-1 1" />,
  'RemoveRounded',
);
