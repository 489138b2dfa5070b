// Task photos through the route table against the S3 stand-in: presign, upload, record, read back.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { getTask } from '../data/repositories/tasks';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');

async function taskOf(company: TestCompany): Promise<string> {
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
  const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.body.id } });
  return task.body.id;
}

async function presign(company: TestCompany, taskId: string, contentType = 'image/png') {
  return invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId, contentType, size: PNG.length } });
}

describe('task photos', () => {
  it('presigns an upload for the caller\'s own task, stores the bytes, records them and serves them back', async () => {
    const company = await createTestCompany();
    const taskId = await taskOf(company);
    const presigned = await presign(company, taskId);
    expect(presigned.status).toBe(200);
    const uploadURL: string = presigned.body.uploadURL;
    expect(decodeURIComponent(new URL(uploadURL).pathname)).toContain(`companies/${company.companyId}/tasks/${taskId}/`);
    expect(new URL(uploadURL).searchParams.get('X-Amz-Expires')).toBe('300');

    const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    expect(put.status).toBe(200);

    const recorded = await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: uploadURL.split('?')[0], taskId } });
    expect(recorded.status).toBe(200);
    expect(recorded.body.photos).toHaveLength(1);

    const task = await invoke('GET', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie] });
    const viewUrl: string = task.body.photos[0].url;
    expect(new URL(viewUrl).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const back = Buffer.from(await (await fetch(viewUrl)).arrayBuffer());
    expect(back.equals(PNG)).toBe(true);

    const list = await invoke('GET', '/api/tasks', { cookies: [company.ceo.cookie] });
    expect(list.body[0].photos).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('photoKeys');
  });

  it('refuses to presign for another company\'s task', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const theirTask = await taskOf(theirs);
    expect((await presign(mine, theirTask)).status).toBe(404);
  });

  it('accepts only images, up to 10 MB', async () => {
    const company = await createTestCompany();
    const taskId = await taskOf(company);
    const pdf = await presign(company, taskId, 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors.contentType).toMatch(/images/);
    const huge = await invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId, contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 } });
    expect(huge.status).toBe(400);
  });

  it('refuses to record a URL outside the caller\'s prefix, or one never uploaded, and records nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const myTask = await taskOf(mine);
    const otherTask = await taskOf(mine);
    const theirTask = await taskOf(theirs);

    const theirUpload = (await presign(theirs, theirTask)).body.uploadURL as string;
    await fetch(theirUpload, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    const foreign = await invoke('PUT', '/api/task-photos', { cookies: [mine.ceo.cookie], body: { photoURL: theirUpload, taskId: myTask } });
    expect(foreign.status).toBe(400);

    const otherTaskUpload = (await presign(mine, otherTask)).body.uploadURL as string;
    await fetch(otherTaskUpload, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    const wrongTask = await invoke('PUT', '/api/task-photos', { cookies: [mine.ceo.cookie], body: { photoURL: otherTaskUpload, taskId: myTask } });
    expect(wrongTask.status).toBe(400);

    const neverUploaded = (await presign(mine, myTask)).body.uploadURL as string;
    const missing = await invoke('PUT', '/api/task-photos', { cookies: [mine.ceo.cookie], body: { photoURL: neverUploaded, taskId: myTask } });
    expect(missing.status).toBe(400);

    const elsewhere = await invoke('PUT', '/api/task-photos', { cookies: [mine.ceo.cookie], body: { photoURL: 'https://evil.example/x.png', taskId: myTask } });
    expect(elsewhere.status).toBe(400);

    const theirTaskById = await invoke('PUT', '/api/task-photos', { cookies: [mine.ceo.cookie], body: { photoURL: theirUpload, taskId: theirTask } });
    expect(theirTaskById.status).toBe(404);

    expect((await getTask(mine.companyId, myTask)) as unknown as { photos?: unknown[] }).not.toHaveProperty('photos');
    expect((await getTask(theirs.companyId, theirTask)) as unknown as { photos?: unknown[] }).not.toHaveProperty('photos');
  });

  it('refuses a file whose first bytes are not the image its type claims, and records nothing', async () => {
    const company = await createTestCompany();
    const taskId = await taskOf(company);
    const page = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(PNG.length, ' '));
    const uploadURL = (await presign(company, taskId)).body.uploadURL as string;
    expect((await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: page })).status).toBe(200);
    const response = await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: uploadURL, taskId } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ photoURL: expect.any(String) });
    expect((await getTask(company.companyId, taskId)) as unknown as { photos?: unknown[] }).not.toHaveProperty('photos');
  });

  it('does not record the same photo twice', async () => {
    const company = await createTestCompany();
    const taskId = await taskOf(company);
    const uploadURL = (await presign(company, taskId)).body.uploadURL as string;
    await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    expect((await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: uploadURL, taskId } })).status).toBe(200);
    expect((await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: uploadURL, taskId } })).status).toBe(409);
  });
});
