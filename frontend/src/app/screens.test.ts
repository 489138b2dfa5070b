import path from 'node:path';
import { readFileSync } from 'node:fs';
import { STARTUP_CHUNKS_ID as BUILD_ID, routeModules } from '../../build/startup-preload';
import { LAYOUT_MODULE, PUBLIC_SCREEN_MODULES, SCREEN_MODULES, STARTUP_CHUNKS_ID, isPublicPath, screenFor } from './screens';
import { firstScreenModules } from './startup-preload';

describe('the screen an address opens', () => {
  it.each([
    ['/', 'dashboard'],
    ['/my-day', 'myDay'],
    ['/properties', 'properties'],
    ['/properties/p1', 'property'],
    ['/tasks', 'tasks'],
    ['/tasks/t1', 'task'],
    ['/dispatch', 'dispatch'],
    ['/account/notifications', 'myNotifications'],
    ['/account/security', 'accountSecurity'],
    ['/settings/integrations', 'integrations'],
    ['/pricing', 'pricing'],
    ['/admin', 'admin'],
  ])('%s opens %s', (pathname, screen) => {
    expect(screenFor(pathname)).toBe(screen);
  });

  it.each(['/nowhere', '/properties/p1/extra', '/dispatch/week', '/account', '/account/elsewhere', '/settings', '/settings/elsewhere', '/settings/integrations/x', '/integrations'])('%s is no screen of the shell (Not Found)', (pathname) => {
    expect(screenFor(pathname)).toBeUndefined();
  });

  it('knows the public addresses', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/auth')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/toString')).toBe(false);
  });

  it('preloads the language, English as the fallback, the shell and the screen, or the public screen alone', () => {
    // The modules, then their features' catalogues (app/route-catalogues.ts; route-catalogues.test.ts checks those).
    const modules = (pathname: string, language: string) => firstScreenModules(pathname, language).filter((module) => module.split(':').length < 3);
    expect(modules('/tasks/t1', 'pt')).toEqual(['locale:pt', 'locale:en', LAYOUT_MODULE, SCREEN_MODULES.task]);
    expect(modules('/', 'en')).toEqual(['locale:en', LAYOUT_MODULE, SCREEN_MODULES.dashboard]);
    expect(modules('/nowhere', 'es')).toEqual(['locale:es', 'locale:en', LAYOUT_MODULE]);
    expect(modules('/login', 'es')).toEqual(['locale:es', 'locale:en', PUBLIC_SCREEN_MODULES['/login']]);
  });
});

describe('the screens the build names and the router loads', () => {
  const src = path.resolve(__dirname, '..');
  const named = [LAYOUT_MODULE, ...Object.values(SCREEN_MODULES), ...Object.values(PUBLIC_SCREEN_MODULES)];

  it("are modules of a routes folder, whose chunks the build lists in index.html's data block", () => {
    const routes = routeModules(src);
    expect(named.filter((module) => !routes.includes(module))).toEqual([]);
    expect(STARTUP_CHUNKS_ID).toBe(BUILD_ID);
  });

  it('are each imported lazily by the router, under the same path', () => {
    const router = readFileSync(path.join(src, 'app/router.tsx'), 'utf8');
    expect(named.filter((module) => !router.includes(`import('../${module}')`) && !router.includes(`import('./${module.replace(/^app\//, '')}')`))).toEqual([]);
  });
});
