// Taps on different parts of a checklist never conflict, and a real conflict shows what changed
// (issue 24 point 3), in a real browser: a cleaner taps through the list as fast as the screen allows
// and every tick lands; a manager adds a before photo to an item meanwhile, the cleaner (whose screen
// still shows none) takes one too, and the screen says, in Portuguese, what someone else changed.
import type { Page } from 'playwright-core';
import { createTestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { pngPicture } from './support/images';
import { api as apiCall } from './support/api';

/** This file's calls answer in Portuguese, as its pages are. */
const api = <T>(page: Page, method: string, url: string, data?: unknown) => apiCall<T>(page, method, url, data, { language: 'pt' });


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const ITEMS = [
  { description: 'Trocar roupa de cama e toalhas', required: true },
  { description: 'Limpar banheiro e cozinha', required: true },
  { description: 'Verificar danos', required: true },
  { description: 'Repor café e amenidades', required: false },
  { description: 'Levar o lixo', required: false },
  { description: 'Fechar as janelas', required: true },
];

interface ChecklistJson {
  items: Array<{ id: string; description: string; isCompleted: boolean; photoBefore: { key: string } | null }>;
  openRequiredItems: number;
}

describe('a checklist worked by two people at once', () => {
  it('keeps every fast tick and shows what someone else changed when a photo meets theirs (pt)', async () => {
    const company = await createTestCompany({ name: 'Casa Azul Stays' });
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    const managerPage = await app.signedInPage(manager.user.email, { language: 'pt' });
    const property = await api<{ id: string }>(managerPage, 'POST', '/api/properties', { name: 'Casa Azul', address: 'Rua do Sol 3, Porto' });
    const task = await api<{ id: string }>(managerPage, 'POST', '/api/tasks', { type: 'cleaning', title: 'Limpeza — Casa Azul', propertyId: property.id, assignedUserId: staff.user.id });
    await api(managerPage, 'POST', `/api/tasks/${task.id}/checklist`, { items: ITEMS });

    const page = await app.signedInPage(staff.user.email, { language: 'pt', viewport: { width: 390, height: 844 } });
    await page.goto(`/tasks/${task.id}`);
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/6 feitos').waitFor();

    // Tap through five items without waiting for any answer, while the manager ticks the sixth.
    const boxes = ITEMS.slice(0, 5).map((item) => checklist.getByRole('checkbox', { name: new RegExp(`^${item.description}`) }));
    const fromManager = (async () => {
      const current = await api<ChecklistJson>(managerPage, 'GET', `/api/tasks/${task.id}/checklist`);
      await api(managerPage, 'PUT', `/api/tasks/${task.id}/checklist/items/${current.items[5].id}`, { isCompleted: true });
    })();
    for (const box of boxes) await box.click({ noWaitAfter: true });
    await fromManager;
    const deadline = Date.now() + 15_000;
    let server = await api<ChecklistJson>(managerPage, 'GET', `/api/tasks/${task.id}/checklist`);
    while (server.items.some((item) => !item.isCompleted) && Date.now() < deadline) {
      await page.waitForTimeout(200);
      server = await api<ChecklistJson>(managerPage, 'GET', `/api/tasks/${task.id}/checklist`);
    }
    expect(server.items.map((item) => item.isCompleted)).toEqual(ITEMS.map(() => true));
    expect(server.openRequiredItems).toBe(0);
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);

    // The manager adds a before photo to "Verificar danos"; the cleaner's screen still shows none.
    const damage = server.items[2];
    const upload = await api<{ uploadURL: string }>(managerPage, 'POST', '/api/objects/upload', { taskId: task.id, contentType: 'image/png', size: pngPicture(64, 48, [20, 120, 200]).length });
    const put = await managerPage.request.fetch(upload.uploadURL, { method: 'PUT', data: pngPicture(64, 48, [20, 120, 200]), headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' } });
    expect(put.status()).toBe(200);
    await api(managerPage, 'PUT', `/api/tasks/${task.id}/checklist/items/${damage.id}/photo`, { kind: 'before', photoURL: upload.uploadURL.split('?')[0] });

    const pair = checklist.getByRole('group', { name: 'Fotos de antes e depois: Verificar danos' });
    const chooser = page.waitForEvent('filechooser');
    await pair.getByRole('button', { name: 'Adicionar foto de antes: Verificar danos' }).click();
    await (await chooser).setFiles({ name: 'antes.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [210, 120, 60]) });

    const notice = page.getByRole('alert').filter({ hasText: 'Outra pessoa alterou esta checklist enquanto isso' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('“Verificar danos”: nova foto de antes');
    expect(await notice.innerText()).toContain('Sua alteração não foi salva');
    // The row is marked, and now shows the manager's photo (not overwritten by the cleaner's).
    const row = checklist.locator('li[data-changed]');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Alterado');
    await pair.getByRole('button', { name: 'Abrir foto de antes: Verificar danos' }).waitFor();
    const after = await api<ChecklistJson>(managerPage, 'GET', `/api/tasks/${task.id}/checklist`);
    expect(after.items[2].photoBefore?.key).toContain(upload.uploadURL.split('?')[0].split('/').pop()!);
    await screenshot(page, 'checklist-conflict-pt');

    await notice.getByRole('button', { name: 'Entendi' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await checklist.locator('li[data-changed]').count()).toBe(0);
  });
});
