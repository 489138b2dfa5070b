// The company logo through the route table against the S3 stand-in: presign under the company's
// logo prefix (CEO only), upload, record, read back through GET /api/companies, remove.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { getCompany } from '../data/repositories/companies';
import { describeObject, hasImageSignature, MAX_LOGO_BYTES } from '#functions/storage/photos';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PT = { 'accept-language': 'pt-BR' };

const logoPath = (companyId: string) => `/api/companies/${companyId}/logo`;

async function presign(member: { cookie: string }, companyId: string, body: Record<string, unknown> = { contentType: 'image/png', size: PNG.length }, headers: Record<string, string> = {}) {
  return invoke('POST', `${logoPath(companyId)}/upload`, { cookies: [member.cookie], body, headers });
}

/** Presigns as the CEO and PUTs `bytes` with `contentType`: the URL to record. */
async function uploaded(company: TestCompany, bytes: Buffer, contentType = 'image/png'): Promise<string> {
  const presigned = await presign(company.ceo, company.companyId, { contentType, size: Math.min(bytes.length, MAX_LOGO_BYTES) });
  expect(presigned.status).toBe(200);
  const uploadURL: string = presigned.body.uploadURL;
  const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': contentType, 'x-amz-tagging': 'upload=pending' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return uploadURL.split('?')[0];
}

async function companyOf(company: TestCompany, member = company.ceo) {
  const response = await invoke('GET', '/api/companies', { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body[0] as Record<string, unknown> & { logoUrl: string | null };
}

async function logoKeyOf(companyId: string): Promise<unknown> {
  return ((await getCompany(companyId)) as unknown as { logoKey?: string }).logoKey;
}

describe('company logo', () => {
  it('presigns an upload under the company\'s logo prefix, records it, and GET /api/companies serves the bytes back', async () => {
    const company = await createTestCompany();
    expect((await companyOf(company)).logoUrl).toBeNull();

    const presigned = await presign(company.ceo, company.companyId);
    expect(presigned.status).toBe(200);
    const uploadURL = new URL(presigned.body.uploadURL as string);
    expect(decodeURIComponent(uploadURL.pathname)).toMatch(new RegExp(`companies/${company.companyId}/logo/[0-9a-f-]+\\.png$`));
    expect(uploadURL.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(uploadURL.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(await logoKeyOf(company.companyId)).toBeUndefined(); // presigning writes nothing

    const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    expect(put.status).toBe(200);
    const recorded = await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: uploadURL.origin + uploadURL.pathname } });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ id: company.companyId, logoUrl: expect.stringContaining('X-Amz-Signature=') });
    expect(recorded.body).not.toHaveProperty('logoKey');

    // Every member sees it; the key stays on the server.
    const staff = await company.add('staff');
    const seen = await companyOf(company, staff);
    expect(seen).not.toHaveProperty('logoKey');
    const back = await fetch(seen.logoUrl!);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(back.headers.get('cache-control')).toBe('private, max-age=900');
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);

    // The URL is the same from one read to the next (signed at the start of a 10-minute window, valid
    // 15 minutes past its end), so browsers cache the image instead of downloading it on every read.
    const signed = new URL(seen.logoUrl!).searchParams;
    expect(signed.get('X-Amz-Date')).toMatch(/^\d{8}T\d{2}[0-5]000Z$/);
    expect(signed.get('X-Amz-Expires')).toBe('1500');
    const again = (await companyOf(company)).logoUrl!;
    if (new URL(again).searchParams.get('X-Amz-Date') === signed.get('X-Amz-Date')) expect(again).toBe(seen.logoUrl);
  });

  it('accepts JPEG and WebP too, and a new logo replaces the old one, whose image is deleted', async () => {
    const company = await createTestCompany();
    const jpeg = await uploaded(company, JPEG, 'image/jpeg');
    expect((await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: jpeg } })).status).toBe(200);
    const jpegKey = await logoKeyOf(company.companyId);
    expect(await describeObject(String(jpegKey))).toBeDefined();
    const webp = await uploaded(company, WEBP, 'image/webp');
    expect((await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: webp } })).status).toBe(200);
    expect(await logoKeyOf(company.companyId)).toBe(decodeURIComponent(new URL(webp).pathname).split('/').slice(2).join('/'));
    expect(await describeObject(String(jpegKey))).toBeUndefined();
    // Recording the same logo again keeps its image.
    expect((await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: webp } })).status).toBe(200);
    const back = Buffer.from(await (await fetch((await companyOf(company)).logoUrl!)).arrayBuffer());
    expect(back.equals(WEBP)).toBe(true);
  });

  it('removes the logo: the company shows its initials again and the image is deleted', async () => {
    const company = await createTestCompany();
    const url = await uploaded(company, PNG);
    await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: url } });
    const key = String(await logoKeyOf(company.companyId));
    const removed = await invoke('DELETE', logoPath(company.companyId), { cookies: [company.ceo.cookie] });
    expect(removed.status).toBe(204);
    expect((await companyOf(company)).logoUrl).toBeNull();
    expect(await logoKeyOf(company.companyId)).toBeUndefined();
    expect(await describeObject(key)).toBeUndefined();
    // Removing when there is none is fine too.
    expect((await invoke('DELETE', logoPath(company.companyId), { cookies: [company.ceo.cookie] })).status).toBe(204);
  });

  it('keeps the logo when the company is edited, and the edit answers it like GET does', async () => {
    const company = await createTestCompany();
    await invoke('PUT', logoPath(company.companyId), { cookies: [company.ceo.cookie], body: { logoURL: await uploaded(company, PNG) } });
    const edited = await invoke('PUT', `/api/companies/${company.companyId}`, {
      cookies: [company.ceo.cookie],
      body: { name: 'Renamed', email: 'a@b.test', phone: '+1 555 123 4567', address: 'Rua', responsibleName: 'Ana', responsibleEmail: 'ana@b.test' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.logoUrl).toContain('X-Amz-Signature=');
    expect(edited.body).not.toHaveProperty('logoKey');
    expect((await companyOf(company)).logoUrl).toContain('/logo/');
  });

  it('refuses managers and staff (403) on every logo route, and writes nothing', async () => {
    const company = await createTestCompany();
    const url = await uploaded(company, PNG);
    for (const role of ['operational_manager', 'staff'] as const) {
      const member = await company.add(role);
      expect((await presign(member, company.companyId)).status).toBe(403);
      expect((await invoke('PUT', logoPath(company.companyId), { cookies: [member.cookie], body: { logoURL: url } })).status).toBe(403);
      expect((await invoke('DELETE', logoPath(company.companyId), { cookies: [member.cookie] })).status).toBe(403);
    }
    expect(await logoKeyOf(company.companyId)).toBeUndefined();
  });

  it('answers 404 for another company\'s id on every logo route, and leaves it alone', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const theirUrl = await uploaded(theirs, PNG);
    await invoke('PUT', logoPath(theirs.companyId), { cookies: [theirs.ceo.cookie], body: { logoURL: theirUrl } });
    expect((await presign(mine.ceo, theirs.companyId)).status).toBe(404);
    expect((await invoke('PUT', logoPath(theirs.companyId), { cookies: [mine.ceo.cookie], body: { logoURL: theirUrl } })).status).toBe(404);
    expect((await invoke('DELETE', logoPath(theirs.companyId), { cookies: [mine.ceo.cookie] })).status).toBe(404);
    expect(await logoKeyOf(theirs.companyId)).toBeTruthy();
  });

  it('signs only PNG, JPEG and WebP (no SVG, GIF or anything else) up to 2 MB, with the reason in the caller\'s language', async () => {
    const company = await createTestCompany();
    for (const contentType of ['image/svg+xml', 'image/gif', 'application/pdf', 'text/html']) {
      const refused = await presign(company.ceo, company.companyId, { contentType, size: 100 });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.contentType).toBe('The logo must be a PNG, JPEG or WebP image');
    }
    const svgPt = await presign(company.ceo, company.companyId, { contentType: 'image/svg+xml', size: 100 }, PT);
    expect(svgPt.body.message).toBe('O logotipo deve ser uma imagem PNG, JPEG ou WebP');

    const huge = await presign(company.ceo, company.companyId, { contentType: 'image/png', size: MAX_LOGO_BYTES + 1 });
    expect(huge.status).toBe(400);
    expect(huge.body.errors.size).toBe('The logo can be at most 2 MB');
    expect((await presign(company.ceo, company.companyId, { contentType: 'image/png', size: MAX_LOGO_BYTES })).status).toBe(200);
    expect((await presign(company.ceo, company.companyId, { contentType: 'image/png' })).status).toBe(400);
    expect((await presign(company.ceo, company.companyId, { contentType: 'image/png', size: 0 })).status).toBe(400);
  });

  it('refuses to record another company\'s key, a task photo, a URL elsewhere, nothing uploaded, too large or not really an image, and records nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const record = (logoURL: string, headers: Record<string, string> = {}) =>
      invoke('PUT', logoPath(mine.companyId), { cookies: [mine.ceo.cookie], body: { logoURL }, headers });

    // Their logo, uploaded to their prefix: not ours to record.
    const foreign = await record(await uploaded(theirs, PNG));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.logoURL).toBe("This image was not uploaded as your company's logo");
    expect((await record(await uploaded(theirs, PNG), PT)).body.message).toBe('Esta imagem não foi enviada como logotipo da sua empresa');

    // One of our own task photos is not a logo either.
    const property = await invoke('POST', '/api/properties', { cookies: [mine.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
    const task = await invoke('POST', '/api/tasks', { cookies: [mine.ceo.cookie], body: { title: 'Clean', propertyId: property.body.id } });
    const photo = await invoke('POST', '/api/objects/upload', { cookies: [mine.ceo.cookie], body: { taskId: task.body.id, contentType: 'image/png', size: PNG.length } });
    await fetch(photo.body.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    expect((await record(photo.body.uploadURL)).status).toBe(400);

    // Prefix tricks, other hosts, never uploaded.
    const own = await uploaded(mine, PNG);
    expect((await record(own.replace('/logo/', '/logo/../tasks/'))).status).toBe(400);
    expect((await record('https://evil.example/x.png')).status).toBe(400);
    expect((await record('not a url')).status).toBe(400);
    const never = ((await presign(mine.ceo, mine.companyId)).body.uploadURL as string).split('?')[0];
    const missing = await record(never);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.logoURL).toBe('The logo was not uploaded; try again');

    // The declared type is signed, but the bytes are not: an SVG (or HTML) sent as image/png is refused.
    const disguised = await record(await uploaded(mine, SVG, 'image/png'));
    expect(disguised.status).toBe(400);
    expect(disguised.body.errors.logoURL).toBe('The logo must be a PNG, JPEG or WebP image');
    expect((await record(await uploaded(mine, PNG, 'image/jpeg'))).status).toBe(400);

    // The declared size is signed (Content-Length): a larger body is refused by storage itself
    // (issue 20), and the recorded object is measured as well.
    const large = await presign(mine.ceo, mine.companyId, { contentType: 'image/png', size: MAX_LOGO_BYTES });
    const largeBody = Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]);
    expect((await fetch(large.body.uploadURL, { method: 'PUT', headers: large.body.headers, body: new Uint8Array(largeBody) })).status).toBe(403);
    const tooLarge = await record(large.body.uploadURL.split('?')[0]);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors.logoURL).toBe('The logo was not uploaded; try again');

    expect(await logoKeyOf(mine.companyId)).toBeUndefined();
    expect(await logoKeyOf(theirs.companyId)).toBeUndefined();
  });
});

describe('image signatures', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    expect(hasImageSignature('image/png', PNG)).toBe(true);
    expect(hasImageSignature('image/jpeg', JPEG)).toBe(true);
    expect(hasImageSignature('image/webp', WEBP)).toBe(true);
    expect(hasImageSignature('image/png', JPEG)).toBe(false);
    expect(hasImageSignature('image/webp', Buffer.from('RIFF....WAVE'))).toBe(false);
    expect(hasImageSignature('image/png', SVG)).toBe(false);
    expect(hasImageSignature('image/svg+xml', SVG)).toBe(false);
    expect(hasImageSignature('image/png', new Uint8Array())).toBe(false);
  });

  it('recognises the other task-photo types: GIF, and HEIC/HEIF by their ftyp brand', () => {
    expect(hasImageSignature('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe(true);
    expect(hasImageSignature('image/gif', Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe(true);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic')]);
    expect(hasImageSignature('image/heic', heic)).toBe(true);
    expect(hasImageSignature('image/heif', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmif1')]))).toBe(true);
    expect(hasImageSignature('image/heic', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]))).toBe(false);
    expect(hasImageSignature('image/gif', PNG)).toBe(false);
  });
});
