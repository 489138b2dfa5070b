import type { SvgIconComponent } from '#icons/types';
import SpaceDashboardOutlinedIcon from '#icons/SpaceDashboardOutlined';
import TodayOutlinedIcon from '#icons/TodayOutlined';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import AssignmentOutlinedIcon from '#icons/AssignmentOutlined';
import ScheduleOutlinedIcon from '#icons/ScheduleOutlined';
import ViewWeekOutlinedIcon from '#icons/ViewWeekOutlined';
import CalendarMonthOutlinedIcon from '#icons/CalendarMonthOutlined';
import GroupsOutlinedIcon from '#icons/GroupsOutlined';
import AccountBalanceWalletOutlinedIcon from '#icons/AccountBalanceWalletOutlined';
import AssessmentOutlinedIcon from '#icons/AssessmentOutlined';
import NotificationsNoneOutlinedIcon from '#icons/NotificationsNoneOutlined';
import HubOutlinedIcon from '#icons/HubOutlined';
import WorkspacePremiumOutlinedIcon from '#icons/WorkspacePremiumOutlined';
import AdminPanelSettingsOutlinedIcon from '#icons/AdminPanelSettingsOutlined';
import { paths } from '../../config/paths';

export type NavKey =
  | 'myDay'
  | 'dashboard'
  | 'properties'
  | 'tasks'
  | 'shifts'
  | 'dispatch'
  | 'calendar'
  | 'team'
  | 'financials'
  | 'reports'
  | 'notifications'
  | 'integrations'
  | 'pricing'
  | 'admin';

export interface NavItem {
  /** Also the catalogue key `nav.<key>`. */
  key: NavKey;
  path: string;
  icon: SvgIconComponent;
  /** Office screens (the dashboard's metrics): not offered to staff, whom the route sends to My day. */
  officeOnly?: boolean;
  /** The platform's own console: offered to the master account only (everyone else gets Not Found there). */
  masterOnly?: boolean;
  /** The company's settings only its CEO manages (Integrations): nobody else is offered them. */
  ceoOnly?: boolean;
}

/** Sidebar entries in SPEC order (point 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'myDay', path: paths.myDay, icon: TodayOutlinedIcon },
  { key: 'dashboard', path: paths.home, icon: SpaceDashboardOutlinedIcon, officeOnly: true },
  { key: 'properties', path: paths.properties, icon: HomeWorkOutlinedIcon },
  { key: 'tasks', path: paths.tasks, icon: AssignmentOutlinedIcon },
  { key: 'shifts', path: paths.shifts, icon: ScheduleOutlinedIcon },
  { key: 'dispatch', path: paths.dispatch, icon: ViewWeekOutlinedIcon, officeOnly: true },
  { key: 'calendar', path: paths.calendar, icon: CalendarMonthOutlinedIcon, officeOnly: true },
  { key: 'team', path: paths.team, icon: GroupsOutlinedIcon },
  { key: 'financials', path: paths.financials, icon: AccountBalanceWalletOutlinedIcon },
  { key: 'reports', path: paths.reports, icon: AssessmentOutlinedIcon },
  { key: 'notifications', path: paths.notifications, icon: NotificationsNoneOutlinedIcon },
  { key: 'integrations', path: paths.integrations, icon: HubOutlinedIcon, ceoOnly: true },
  { key: 'pricing', path: paths.pricing, icon: WorkspacePremiumOutlinedIcon },
  { key: 'admin', path: paths.admin, icon: AdminPanelSettingsOutlinedIcon, masterOnly: true },
];

/** Highlighted when the path equals the route, or the route is not / and the path starts with it. */
export function isNavItemActive(pathname: string, route: string): boolean {
  return pathname === route || (route !== '/' && pathname.startsWith(route));
}
