// The amount parser every form reads an amount with (parseAmount), against inputs people type.
import fc from 'fast-check';
import { MAX_AMOUNT_CENTS, parseAmount } from './money';
import { invoiceBody, typedMoneyAmount } from './schemas';
import * as z from 'zod/mini';

const cents = (text: string) => {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.cents : parsed.error;
};

describe('parseAmount', () => {
  it.each([
    ['12.50', 1250],
    ['12,50', 1250],
    ['12,5', 1250],
    ['1,2', 120],
    ['12.5', 1250],
    ['12', 1200],
    ['0.05', 5],
    ['0,99', 99],
    ['1,250.00', 125000],
    ['1.250,00', 125000],
    ['1 250,00', 125000],
    ['1\u00a0250,00', 125000],
    ['1\u202f250,00', 125000],
    ['1,250', 125000],
    ['1.250', 125000],
    ['1 250', 125000],
    ['1,250,000', 125000000],
    ['1.250.000', 125000000],
    ['1.250.000,5', 125000050],
    ['1,250,000.05', 125000005],
    ['$12.50', 1250],
    ['$ 12.50', 1250],
    ['US$ 12,50', 1250],
    ['US$\u00a07.430,50', 743050],
    ['7430,50\u00a0US$', 743050],
    ['7.430,50 US$', 743050],
    ['usd 12', 1200],
    ['12 USD', 1200],
    ['  12,50  ', 1250],
    ['0012,50', 1250],
    ['99999999.99', MAX_AMOUNT_CENTS],
    ['99,999,999.99', MAX_AMOUNT_CENTS],
    ['99.999.999,99', MAX_AMOUNT_CENTS],
    ['US$ 99.999.999,99', MAX_AMOUNT_CENTS],
    ['-12,50', -1250],
    ['-$12.50', -1250],
    ['$-12.50', -1250],
    ['\u221212,50 US$', -1250],
    ['0', 0],
  ])('reads %j as %j cents', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it.each([
    '12,5,0', '1.2.3,4,5', '1,25,0', '12.50.1', '1.2.3', '99999999.999', '12,', '12.', ',50', '.5', '1..2', '1,,250', '1, 250',
    '1 2', '12 50', '1,250 000', '1.250,000.5', '1,250.000,5', '0,125', '0.125', '01,250', '1234,567',
    '1e9', '1E3', '12abc', 'abc', '', '   ', '$', 'US$', '--12', '-$-12', '$12$', 'R$ 12,50', '€12', '12 €', '+12',
    '0x10', 'Infinity', 'NaN', '١٢', '12\n50', '½',
  ])('refuses %j as unreadable', (text) => {
    expect(cents(text)).toBe('finance.amountUnreadable');
  });

  it.each(['12.345,678', '12,345.678', '12.3456', '1,2345', '123456789', '123.456.789', '100,000,000.00', '100.000.000'])(
    'refuses %j as more than 2 decimals or 8 integer digits',
    (text) => {
      expect(cents(text)).toBe('finance.amountInvalid');
    },
  );

  it('reads any amount written with either decimal separator and any grouping back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), fc.constantFrom('.', ','), fc.constantFrom('', ' ', 'x'), fc.boolean(), (value, decimal, group, twoDecimals) => {
        const integer = String(Math.floor(value / 100));
        const thousands = group === 'x' ? (decimal === '.' ? ',' : '.') : group;
        const grouped = thousands ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) : integer;
        const fraction = String(value % 100).padStart(2, '0');
        const text = twoDecimals || value % 10 !== 0 ? `${grouped}${decimal}${fraction}` : `${grouped}${decimal}${fraction[0]}`;
        expect(cents(text)).toBe(value);
      }),
    );
  });

  it('never throws and never reads anything but at most 8 digits and 2 decimals', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '0', '9', '.', ',', ' ', '$', '-', 'e', 'U', 'S', '\u00a0') }), (text) => {
        const parsed = parseAmount(text);
        if (parsed.ok) expect(Math.abs(parsed.cents)).toBeLessThanOrEqual(MAX_AMOUNT_CENTS);
        if (parsed.ok) expect(Number.isInteger(parsed.cents)).toBe(true);
      }),
    );
  });
});

describe('typedMoneyAmount (the forms\' amount) and the API\'s amount', () => {
  const typed = (text: string) => z.safeParse(typedMoneyAmount, text);

  it('hands the API its decimal text, and the parser\'s message or the API\'s for anything else', () => {
    expect(typed('US$ 1.250,5').data).toBe('1250.50');
    expect(typed('12,50').data).toBe('12.50');
    expect(typed('12,5,0').error?.issues.map((issue) => issue.message)).toEqual(['finance.amountUnreadable']);
    expect(typed('12.345,678').error?.issues.map((issue) => issue.message)).toEqual(['finance.amountInvalid']);
    expect(typed('-12,50').error?.issues.map((issue) => issue.message)).toEqual(['finance.amountInvalid']);
    expect(typed('0,00').error?.issues.map((issue) => issue.message)).toEqual(['finance.amountInvalid']);
    expect(typed('').error?.issues.map((issue) => issue.message)).toEqual(['finance.amountInvalid']);
  });

  it('leaves the API taking only its own decimal text (or a JSON number)', () => {
    const body = (amount: unknown) => z.safeParse(invoiceBody, { amount, dueDate: '2026-12-01' });
    for (const amount of ['12,50', '1,250.00', '1.250,00', '$12.50', 'US$ 12,50', '1e9', '1 250', '-12.50', 1e9, -1]) {
      expect(body(amount).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount']);
    }
    expect(body('1250.5').data?.amount).toBe('1250.5');
    expect(body(99999999.99).data?.amount).toBe('99999999.99');
  });
});
