import type SvgIcon from '@mui/material/SvgIcon';

/** An icon of this folder, as MUI's createSvgIcon makes it: props and ref of SvgIcon. */
export type SvgIconComponent = typeof SvgIcon;
