import { createSvgIcon } from '@mui/material/SvgIcon';

export default createSvgIcon(
  <path d="M2 3h9v9H2V3m9 19H2v-9h9v9M21 3v9h-9V3h9m0 19h-9v-9h9v9Z" />,
  'Microsoft',
);
