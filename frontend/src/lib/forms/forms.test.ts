// The pure parts of the form mechanism: the shared schemas' resolver and the mapping of a server's
// 400 onto the fields, checked against what the real handlers answer (route table + local stand-ins).
import type { ErrorOption, FieldValues, ResolverOptions } from 'react-hook-form';
import { translateMessage } from '#shared/messages';
import { companyUpdateBody, expenseBody, propertyBody, registerBody, shiftAssignmentBody, taskBody, typedMoneyAmount } from '#shared/schemas';
import { invoke } from '../../../../local/invoke';
import { createTestCompany } from '../../../../tests/support/fixtures';
import { mappedSchema, schemaResolver, type FormSchema } from './schema-resolver';
import { applyServerErrors, serverFieldErrors } from './server-errors';
import { lengthHint } from './length-hint';

// api-client's i18n set-up loads catalogues through Vite (import.meta.glob); not needed here.
jest.mock('../i18n', () => ({ __esModule: true, default: { t: (key: string) => key }, currentLanguage: () => 'en' }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the mock above
const { ApiError } = require('../api-client') as typeof import('../api-client');

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

async function resolve(schema: FormSchema, values: FieldValues) {
  return schemaResolver(schema)(values, undefined, options);
}

/** field path -> message of a resolver result's (nested) errors. */
function flatErrors(errors: Record<string, unknown>, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const entry = value as { message?: unknown; type?: unknown };
    if (typeof entry?.message === 'string' && typeof entry.type === 'string') flat[path] = entry.message;
    else if (entry && typeof entry === 'object') Object.assign(flat, flatErrors(entry as Record<string, unknown>, path));
  }
  return flat;
}

/** A recorder standing in for react-hook-form's setError. */
function recorder() {
  const set: Record<string, ErrorOption> = {};
  return { set, form: { setError: (name: string, error: ErrorOption) => void (set[name] = error) } };
}

describe('schemaResolver on the shared (zod/mini) schemas', () => {
  it('hands the submit handler the body as the server parses it', async () => {
    const result = await resolve(taskBody, { title: '  Clean  ', propertyId: 'p1', assignedUserId: '', dueDate: undefined });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ type: 'cleaning', title: 'Clean', propertyId: 'p1', assignedUserId: null, status: 'pending', dueDate: null });
  });

  it('gives each invalid field the message key its schema names, first issue first', async () => {
    const result = await resolve(companyUpdateBody, {
      name: '   ', email: 'not-an-email', phone: '', address: '', responsibleName: '', responsibleEmail: 'x@', ein: '123',
    });
    expect(result.values).toEqual({});
    expect(flatErrors(result.errors)).toEqual({
      name: 'company.nameRequired',
      email: 'company.emailRequired',
      phone: 'company.phoneRequired',
      address: 'company.addressRequired',
      responsibleName: 'company.responsibleNameRequired',
      responsibleEmail: 'company.responsibleEmailRequired',
      ein: 'validation.ein',
    });
  });

  it('names a generic key for an issue whose schema names none, never zod\'s English text', async () => {
    const result = await resolve(taskBody, { title: 'x'.repeat(201), propertyId: 'p1', assignedUserId: 'u'.repeat(65), type: 'party', dueDate: 'tomorrow' });
    expect(flatErrors(result.errors)).toEqual({
      title: 'validation.tooLong',
      assignedUserId: 'validation.tooLong',
      type: 'task.typeRequired',
      dueDate: 'validation.date',
    });
  });

  it('puts cross-field and nested issues on their own path', async () => {
    const register = await resolve(registerBody, { email: 'a@b.co', password: 'abc', confirmPassword: 'abd', firstName: 'A', lastName: 'B' });
    expect(flatErrors(register.errors)).toEqual({ password: 'auth.passwordTooShort', confirmPassword: 'auth.passwordsDontMatch' });
    const shift = await resolve(shiftAssignmentBody, { teams: [{ name: 'A', memberIds: ['u1'] }, { name: ' ', memberIds: ['u2', 'u1'] }] });
    expect(flatErrors(shift.errors)).toEqual({ 'teams.1.name': 'shift.teamNameRequired', 'teams.1.memberIds.1': 'shift.duplicateMember' });
  });

  it('feeds a schema from form fields that are not the body as they are', async () => {
    const expenseForm = mappedSchema(
      expenseBody,
      (values: { amount: string; date: string; category: string; description: string }) => ({
        amount: values.amount,
        date: values.date,
        category: values.category || undefined,
        description: values.description || null,
      }),
      { amount: typedMoneyAmount },
    );
    const ok = await resolve(expenseForm, { amount: ' US$ 1.250,5 ', date: '2026-11-25', category: 'supplies', description: '' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ amount: '1250.50', date: '2026-11-25', category: 'supplies' });
    expect((await resolve(expenseForm, { amount: '$1,250.50', date: '2026-11-25', category: 'supplies', description: '' })).values).toMatchObject({ amount: '1250.50' });
    // A typed amount's own message, and every other field still checked beside it.
    const bad = await resolve(expenseForm, { amount: '12,5,0', date: '25/11/2026', category: '', description: '' });
    expect(flatErrors(bad.errors)).toEqual({ amount: 'finance.amountUnreadable', date: 'expense.dateRequired', category: 'expense.categoryRequired' });
    for (const amount of ['12.345,678', '-12,50', '0,00', '123.456.789,00', '']) {
      expect(flatErrors((await resolve(expenseForm, { amount, date: '2026-11-25', category: 'supplies', description: '' })).errors)).toEqual({ amount: 'finance.amountInvalid' });
    }
  });

  it('refuses what the server refuses, with the same message in the request\'s language', async () => {
    const company = await createTestCompany();
    const hostile = { name: ' \u200b ', address: '\t\n' + 'é'.repeat(501) };
    const client = await resolve(propertyBody, hostile);
    const server = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt-BR' }, body: hostile });
    expect(server.status).toBe(400);
    const keys = flatErrors(client.errors);
    expect(Object.keys(keys).sort()).toEqual(Object.keys(server.body.errors).sort());
    for (const [field, key] of Object.entries(keys)) expect(translateMessage(key, 'pt')).toBe(server.body.errors[field]);
  });
});

describe('lengthHint', () => {
  it('counts down from 90% of a limit, says when it is reached, and keeps quiet on short limits', () => {
    expect(lengthHint(269, 300)).toBeNull();
    expect(lengthHint(270, 300)).toEqual({ key: 'common.charactersLeft', count: 30 });
    expect(lengthHint(299, 300)).toEqual({ key: 'common.charactersLeft', count: 1 });
    expect(lengthHint(300, 300)).toEqual({ key: 'common.lengthLimit', count: 300 });
    expect(lengthHint(100, 100)).toEqual({ key: 'common.lengthLimit', count: 100 });
    expect(lengthHint(40, 40)).toBeNull();
    expect(lengthHint(300, undefined)).toBeNull();
  });
});

describe('applyServerErrors', () => {
  it('puts each field message of a real 400 answer on that field', async () => {
    const company = await createTestCompany();
    const response = await invoke('PUT', `/api/companies/${company.companyId}`, {
      cookies: [company.ceo.cookie],
      headers: { 'accept-language': 'es' },
      body: { name: 'Casa', email: 'nope', phone: '+1 555 123 4567', address: 'a', responsibleName: 'r', responsibleEmail: 'r@r.co', ein: '12' },
    });
    expect(response.status).toBe(400);
    const error = new ApiError(400, 'Bad Request', response.text);
    const { set, form } = recorder();
    expect(applyServerErrors(form, error)).toBe(true);
    expect(set).toEqual({
      email: { type: 'server', message: response.body.errors.email },
      ein: { type: 'server', message: response.body.errors.ein },
    });
    expect(set.email.message).toBe(translateMessage('company.emailRequired', 'es'));
  });

  it('keeps a nested path as react-hook-form names it', () => {
    const error = new ApiError(400, 'Bad Request', JSON.stringify({ message: 'x', errors: { 'teams.0.memberIds.1': 'Duplicado' } }));
    const { set, form } = recorder();
    expect(applyServerErrors(form, error)).toBe(true);
    expect(set).toEqual({ 'teams.0.memberIds.1': { type: 'server', message: 'Duplicado' } });
  });

  it('returns false (the caller toasts) for anything but a 400 with field messages', () => {
    const { set, form } = recorder();
    const failures: unknown[] = [
      new ApiError(403, 'Forbidden', JSON.stringify({ message: 'Plan limit', errors: { name: 'no' } })),
      new ApiError(409, 'Conflict', JSON.stringify({ message: 'Taken' })),
      new ApiError(400, 'Bad Request', JSON.stringify({ message: 'JSON inválido' })),
      new ApiError(400, 'Bad Request', '<html>proxy error</html>'),
      new ApiError(400, 'Bad Request', ''),
      new ApiError(400, 'Bad Request', JSON.stringify({ errors: ['name'] })),
      new ApiError(400, 'Bad Request', JSON.stringify({ errors: { name: 42, address: '' } })),
      new TypeError('Failed to fetch'),
      { status: 400, body: { errors: { name: 'looks like an ApiError' } } },
      undefined,
    ];
    for (const failure of failures) expect(applyServerErrors(form, failure)).toBe(false);
    expect(set).toEqual({});
  });

  it('applies only the form\'s own fields when told which they are, never an object\'s internals', () => {
    const error = new ApiError(400, 'Bad Request', '{"errors":{"name":"Obrigatório","__proto__":"x","a.constructor":"z","companyId":"y"}}');
    const { set, form } = recorder();
    expect(applyServerErrors(form, error, { fields: ['name', 'address'] })).toBe(true);
    expect(Object.keys(set)).toEqual(['name']);
    expect(Object.entries(serverFieldErrors(error))).toEqual([['name', 'Obrigatório'], ['companyId', 'y']]);
  });
});
