// A text the catalogues lack: the reader sees the key (as i18next shows it), and the console says so
// once per call; a call with its own fallback shows the fallback and says nothing.
import i18n from 'i18next';
import { MISSING_TEXT_PREFIX, missingText } from './missing-text';

describe('texts the catalogues lack', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('shows the key and names it on the console', () => {
    expect(missingText('tasks.somethingNew', undefined)).toBe('tasks.somethingNew');
    expect(errors).toHaveBeenCalledWith(`${MISSING_TEXT_PREFIX} tasks.somethingNew`);
  });

  it('shows a given fallback without a word', () => {
    expect(missingText('errors.UNKNOWN_CODE', 'The server said no')).toBe('The server said no');
    expect(missingText('errors.EMPTY', '')).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });

  it('is what i18next calls for a key in no catalogue, and only then', async () => {
    const instance = i18n.createInstance();
    await instance.init({
      lng: 'pt',
      fallbackLng: 'en',
      resources: { en: { translation: { shell: { title: 'Dashboard' } } }, pt: { translation: {} } },
      parseMissingKeyHandler: missingText,
    });
    // Found in the fallback language: no report.
    expect(instance.t('shell.title')).toBe('Dashboard');
    expect(instance.t('errors.x', { defaultValue: 'Try again' })).toBe('Try again');
    expect(errors).not.toHaveBeenCalled();
    expect(instance.t('shell.subtitle')).toBe('shell.subtitle');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(`${MISSING_TEXT_PREFIX} shell.subtitle`);
  });
});
