import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M15 5v7H9V5zm0-2H9c-1.1 0-2 .9-2 2v9h10V5c0-1.1-.9-2-2-2m7 7h-3v3h3zM5 10H2v3h3zm15 5H4v6h2v-4h12v4h2z" />,
  'EventSeatOutlined',
);
