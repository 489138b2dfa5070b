// What the public API's tests share: a property and API keys made through the app's own routes, the
// bearer header, and two enterprise companies each with a property and keys (the tenant pair).
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from './fixtures';

export const bearer = (value: string, more: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${value}`, ...more } });

export async function property(company: TestCompany, name = 'Casa Azul'): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua das Flores 12' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

export async function apiKey(company: TestCompany, scopes: string[] = ['read', 'write'], extra: Record<string, unknown> = {}): Promise<string> {
  const response = await invoke('POST', '/api/api-keys', { cookies: [company.ceo.cookie], body: { name: 'Channel manager', scopes, ...extra } });
  expect(response.status).toBe(201);
  return response.body.key;
}

export interface TenantPair {
  a: TestCompany;
  b: TestCompany;
  keyA: string;
  readKeyA: string;
  keyB: string;
  propertyA: string;
  propertyB: string;
}

/** Two enterprise companies, each with a property; A with a read-and-write and a read key, B with a read-and-write key. */
export async function tenantPair(): Promise<TenantPair> {
  const [a, b] = await Promise.all([createTestCompany({ plan: 'enterprise' }), createTestCompany({ plan: 'enterprise' })]);
  const [propertyA, propertyB] = await Promise.all([property(a), property(b)]);
  const [keyA, readKeyA, keyB] = await Promise.all([apiKey(a), apiKey(a, ['read']), apiKey(b)]);
  return { a, b, keyA, readKeyA, keyB, propertyA, propertyB };
}
