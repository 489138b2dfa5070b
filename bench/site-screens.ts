// The screens of issue 21 point 5 that `npm run bench` measures with Lighthouse, as the site
// company's CEO (the office screens) and its cleaner (the staff day).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { invoke } from '../local/invoke';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import { DIST, type LighthousePage } from './site';

/** A task and a property of the company, for the detail screens. */
export async function firstIds(ceoSessionId: string): Promise<{ taskId: string; propertyId: string }> {
  const cookies = [`${SESSION_COOKIE}=${ceoSessionId}`];
  const tasks = (await invoke('GET', '/api/tasks?limit=1', { cookies })).body as Array<{ id: string }>;
  const properties = (await invoke('GET', '/api/properties?limit=1', { cookies })).body as Array<{ id: string }>;
  if (!tasks[0] || !properties[0]) throw new Error('The site company has no task or property to open');
  return { taskId: tasks[0].id, propertyId: properties[0].id };
}

/** Whether the built site has a screen chunk of that name (the dispatch board may not exist yet). */
function built(chunk: string): boolean {
  const assets = path.join(DIST, 'assets');
  return existsSync(assets) && readdirSync(assets).some((file) => file.startsWith(`${chunk}-`) && file.endsWith('.js'));
}

/**
 * Every screen, once; the caller measures each on both profiles. The reservations are part of the
 * property screen (its calendar and list), so "reservations" opens that screen at its calendar, above the list.
 */
export function siteScreens(ids: { taskId: string; propertyId: string }, staffCookie: { name: string; value: string }): LighthousePage[] {
  const screens: LighthousePage[] = [
    { name: 'dashboard', path: '/' },
    { name: 'tasks', path: '/tasks' },
    { name: 'task', path: `/tasks/${ids.taskId}` },
    { name: 'properties', path: '/properties' },
    { name: 'property', path: `/properties/${ids.propertyId}` },
    { name: 'reservations', path: `/properties/${ids.propertyId}#calendar` },
    ...(built('DispatchPage') ? [{ name: 'dispatch', path: '/dispatch' }] : []),
    ...(built('PortfolioCalendarPage') ? [{ name: 'calendar', path: '/calendar' }] : []),
    { name: 'team', path: '/team' },
    { name: 'shifts', path: '/shifts' },
    { name: 'financials', path: '/financials' },
    { name: 'reports', path: '/reports' },
    { name: 'notifications', path: '/notifications' },
    { name: 'pricing', path: '/pricing' },
    { name: 'my day (staff)', path: '/my-day', cookie: staffCookie },
  ];
  return screens;
}
