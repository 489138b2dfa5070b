// Money as every screen shows it (formatCents) and as every form reads it (parseAmount): the text a
// screen shows in a language is read back to the same cents.
import fc from 'fast-check';
import { MAX_AMOUNT_CENTS, parseAmount } from '#shared/money';
import { UI_LANGUAGES } from '#shared/enums';
import { dollarSign, formatCents, formatClock, formatDollars, localeOf, zeroAmount } from './intl';

describe('formatCents', () => {
  it('shows US dollars in the interface language, exact from integer cents', () => {
    const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
    expect(formatCents(743050, 'en')).toBe('$7,430.50');
    expect(formatCents(743050, 'pt')).toBe(nbsp('US$ 7.430,50'));
    expect(formatCents(743050, 'es')).toBe(nbsp('7430,50 US$'));
    expect(formatCents(MAX_AMOUNT_CENTS, 'en')).toBe('$99,999,999.99');
    expect(formatCents(MAX_AMOUNT_CENTS, 'pt')).toBe(nbsp('US$ 99.999.999,99'));
    expect(formatCents(-5, 'en')).toBe('-$0.05');
    // A year of the largest invoices, to the cent.
    expect(formatCents(MAX_AMOUNT_CENTS * 1000 + 7, 'en')).toBe('$99,999,999,990.07');
    expect(formatCents(1250, 'xx')).toBe('$12.50');
  });

  it('reads back to the same cents in every language', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), fc.constantFrom(...UI_LANGUAGES), (cents, language) => {
        expect(parseAmount(formatCents(cents, language))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('gives a form its dollar sign, 0,00 hint and whole-dollar prices in the same language', () => {
    expect(UI_LANGUAGES.map(dollarSign)).toEqual(['$', 'US$', 'US$']);
    expect(UI_LANGUAGES.map(zeroAmount)).toEqual(['0.00', '0,00', '0,00']);
    expect(formatDollars(29, 'pt')).toBe('US$\u00a029');
    expect(localeOf('pt')).toBe('pt-BR');
    expect(localeOf(undefined)).toBe('en-US');
  });
});

describe('formatClock', () => {
  it('writes a shift window time as each interface language does', () => {
    expect(['en', 'pt', 'es'].map((language) => [formatClock('08:00', language), formatClock('13:00', language), formatClock('22:30', language)])).toEqual([
      ['8:00 AM', '1:00 PM', '10:30 PM'],
      ['08:00', '13:00', '22:30'],
      ['08:00', '13:00', '22:30'],
    ]);
    expect(formatClock('soon', 'en')).toBe('soon');
  });
});
