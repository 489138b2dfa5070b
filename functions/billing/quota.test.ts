// Storage quota (issue 22 point 5), through the route table against the S3 stand-in: the company's
// stored bytes follow each recorded upload (at the object's real size) and each deletion, an upload
// over the plan's storage is refused when its URL is asked for, and GET /api/usage shows it.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { addStoredBytes, getStoredBytes } from '../data/repositories/storage-usage';
import { storageLimitBytes } from '#shared/billing';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946000101', 'hex'), Buffer.alloc(3000, 7), Buffer.from('ffd9', 'hex')]);

async function upload(url: string, bytes: Buffer, contentType: string): Promise<string> {
  const put = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType, 'x-amz-tagging': 'upload=pending' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return url.split('?')[0];
}

async function setLogo(company: TestCompany, bytes: Buffer, contentType: string) {
  const presigned = await invoke('POST', `/api/companies/${company.companyId}/logo/upload`, { cookies: [company.ceo.cookie], body: { contentType, size: bytes.length } });
  expect(presigned.status).toBe(200);
  const logoURL = await upload(presigned.body.uploadURL, bytes, contentType);
  expect((await invoke('PUT', `/api/companies/${company.companyId}/logo`, { cookies: [company.ceo.cookie], body: { logoURL } })).status).toBe(200);
}

async function taskPhoto(company: TestCompany, bytes: Buffer): Promise<void> {
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
  const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.body.id } });
  const presigned = await invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId: task.body.id, contentType: 'image/png', size: bytes.length } });
  expect(presigned.status).toBe(200);
  const photoURL = await upload(presigned.body.uploadURL, bytes, 'image/png');
  const recorded = await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL, taskId: task.body.id } });
  expect(recorded.status).toBe(200);
  // Recording the same photo again is refused and counts nothing.
  expect((await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL, taskId: task.body.id } })).status).toBe(409);
}

describe('storage quota', () => {
  it('counts task photos and the logo at their stored size, and takes a replaced or removed logo off', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    expect(await getStoredBytes(company.companyId)).toBe(0);
    await taskPhoto(company, PNG);
    expect(await getStoredBytes(company.companyId)).toBe(PNG.length);

    await setLogo(company, PNG, 'image/png');
    expect(await getStoredBytes(company.companyId)).toBe(2 * PNG.length);
    await setLogo(company, JPEG, 'image/jpeg'); // replaces the PNG logo
    expect(await getStoredBytes(company.companyId)).toBe(PNG.length + JPEG.length);
    expect((await invoke('DELETE', `/api/companies/${company.companyId}/logo`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect(await getStoredBytes(company.companyId)).toBe(PNG.length);

    const usage = await invoke('GET', '/api/usage', { cookies: [(await company.add('staff')).cookie] });
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      plan: 'trial',
      properties: { used: 1, limit: 20 },
      users: { used: 2, limit: 5 },
      storage: { usedBytes: PNG.length, limitBytes: 500 * 1024 * 1024 },
    });
  });

  it("refuses an upload URL over the plan's storage with the plan's message, in the caller's language", async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const limit = storageLimitBytes('basic');
    await addStoredBytes(company.companyId, limit - 1000);
    // Still fits.
    const fits = await invoke('POST', `/api/companies/${company.companyId}/logo/upload`, { cookies: [company.ceo.cookie], body: { contentType: 'image/png', size: 1000 } });
    expect(fits.status).toBe(200);
    const over = await invoke('POST', `/api/companies/${company.companyId}/logo/upload`, {
      cookies: [company.ceo.cookie],
      body: { contentType: 'image/png', size: 1001 },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('Limite de armazenamento atingido. Plano Básico permite até 1 GB de fotos e logotipos (1 GB usados).');

    const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
    const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.body.id } });
    const photo = await invoke('POST', '/api/objects/upload', {
      cookies: [company.ceo.cookie],
      body: { taskId: task.body.id, contentType: 'image/png', size: 5000 },
      headers: { 'accept-language': 'es' },
    });
    expect(photo.status).toBe(403);
    expect(photo.body.message).toMatch(/^Límite de almacenamiento alcanzado\. El plan Básico permite hasta 1 GB/);
    // Without a declared size, a company at its limit gets no URL either.
    await addStoredBytes(company.companyId, 1000);
    const undeclared = await invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId: task.body.id, contentType: 'image/png' } });
    expect(undeclared.status).toBe(403);
  });
});
