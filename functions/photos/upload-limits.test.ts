// Issue 20 point 4: an upload URL is a PUT signed with the object's Content-Type, Content-Length and
// the pending tag, so the stored object cannot exceed the declared size or change type; the key is
// under the caller's company; a recorded upload leaves the pending lifecycle. The local S3 stand-in
// checks signatures like S3 (local/stack/s3-signature.ts).
import { randomBytes } from 'node:crypto';
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { MAX_PHOTO_BYTES } from '#shared/schemas';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');

async function taskOf(company: TestCompany): Promise<string> {
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
  const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.body.id } });
  return task.body.id;
}

const put = (url: string, body: Uint8Array, headers: Record<string, string>) => fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });

async function tagsOf(key: string): Promise<Record<string, string>> {
  const client = new S3Client({ forcePathStyle: true });
  try {
    const { TagSet = [] } = await client.send(new GetObjectTaggingCommand({ Bucket: process.env.PHOTOS_BUCKET, Key: key }));
    return Object.fromEntries(TagSet.map((tag) => [tag.Key, tag.Value]));
  } finally {
    client.destroy();
  }
}

describe('upload URLs', () => {
  let company: TestCompany;
  let taskId: string;
  beforeAll(async () => {
    company = await createTestCompany();
    taskId = await taskOf(company);
  });
  const presign = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId, contentType: 'image/png', ...body }, headers });

  it('refuses a declared size over the limit, a missing size and a non-positive one, in the caller\'s language', async () => {
    const over = await presign({ size: MAX_PHOTO_BYTES + 1 }, { 'accept-language': 'pt' });
    expect(over.status).toBe(400);
    expect(over.body.errors.size).toEqual(expect.any(String));
    expect(over.body.errors.size).not.toMatch(/photos\.|validation\./);
    expect((await presign({})).status).toBe(400);
    expect((await presign({ size: 0 })).status).toBe(400);
    expect((await presign({ size: -5 })).status).toBe(400);
    expect((await presign({ size: 1.5 })).status).toBe(400);
    expect((await presign({ size: '100' })).status).toBe(400);
  });

  it('signs the type, the exact size and the pending tag, under the caller\'s company and task', async () => {
    const response = await presign({ size: PNG.length });
    expect(response.status).toBe(200);
    const url = new URL(response.body.uploadURL);
    expect(decodeURIComponent(url.pathname)).toContain(`/companies/${company.companyId}/tasks/${taskId}/`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host', 'x-amz-tagging']));
    expect(response.body.headers).toEqual({ 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' });
  });

  it('stores nothing when the body is larger or smaller than declared, of another type, or without the tag', async () => {
    const { body } = await presign({ size: PNG.length });
    const headers = body.headers as Record<string, string>;
    const larger = Buffer.concat([PNG, randomBytes(5 * 1024 * 1024)]);
    expect((await put(body.uploadURL, larger, headers)).status).toBe(403);
    expect((await put(body.uploadURL, PNG.subarray(0, PNG.length - 1), headers)).status).toBe(403);
    expect((await put(body.uploadURL, PNG, { ...headers, 'content-type': 'text/html' })).status).toBe(403);
    expect((await put(body.uploadURL, PNG, { 'content-type': 'image/png' })).status).toBe(403);
    expect((await put(body.uploadURL, PNG, { ...headers, 'x-amz-tagging': 'upload=kept' })).status).toBe(403);
    // A tampered URL (another key under the same signature) is refused too.
    const other = body.uploadURL.replace(/\/([^/?]+)\?/, '/other.png?');
    expect((await put(other, PNG, headers)).status).toBe(403);
    // Nothing was stored: recording it is refused.
    const recorded = await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: body.uploadURL.split('?')[0], taskId } });
    expect(recorded.status).toBe(400);
  });

  it('stores exactly the declared upload, tagged pending, and a recorded one is kept', async () => {
    const { body } = await presign({ size: PNG.length });
    expect((await put(body.uploadURL, PNG, body.headers)).status).toBe(200);
    const key = decodeURIComponent(new URL(body.uploadURL).pathname).split('/').slice(2).join('/');
    const recorded = await invoke('PUT', '/api/task-photos', { cookies: [company.ceo.cookie], body: { photoURL: body.uploadURL.split('?')[0], taskId } });
    expect(recorded.status).toBe(200);
    expect(await tagsOf(key)).toEqual({ upload: 'kept' });
  });

  it('signs a logo upload for its declared size as well', async () => {
    const response = await invoke('POST', `/api/companies/${company.companyId}/logo/upload`, { cookies: [company.ceo.cookie], body: { contentType: 'image/png', size: PNG.length } });
    expect(response.status).toBe(200);
    expect(new URL(response.body.uploadURL).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect((await put(response.body.uploadURL, Buffer.concat([PNG, PNG]), response.body.headers)).status).toBe(403);
    expect((await put(response.body.uploadURL, PNG, response.body.headers)).status).toBe(200);
  });
});
