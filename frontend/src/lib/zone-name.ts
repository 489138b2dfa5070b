import type { TFunction } from 'i18next';

/**
 * The company's time zone as the interface language names it: "hora de Nueva York", "horário de
 * Nova York", "New York time" (the time zones a company can choose, SPEC). Any other zone reads as
 * its id, "Europe/Lisbon".
 */
export function zoneName(t: TFunction, timeZone: string): string {
  return t(`common.zoneNames.${timeZone.replace(/\//g, '_')}`, { defaultValue: timeZone.replace(/_/g, ' ') });
}
