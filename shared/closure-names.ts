// The names the server gives nights closed by hand without a note (a block, the owner's own stay:
// functions/reservations/calendar-blocks.ts), in the language of whoever closed them. shared/messages.ts
// serves them as portfolio.blockName and portfolio.ownerStayName; the portfolio calendar tells them
// from a name someone gave, in any of the three languages, so that it can show the kind in the
// viewer's own ("Owner stay" to one, "Estadia do proprietário" to another) and not "Blocked: Blocked".
import type { UiLanguage } from './enums';

export const CLOSURE_NAMES = {
  block: { en: 'Blocked', pt: 'Bloqueado', es: 'Bloqueado' },
  owner: { en: 'Owner stay', pt: 'Estadia do proprietário', es: 'Estancia del propietario' },
} as const satisfies Record<'block' | 'owner', Record<UiLanguage, string>>;

/** Whether `name` is only the name the server gives a closure of this kind, in any language. */
export function isDefaultClosureName(kind: keyof typeof CLOSURE_NAMES, name: string): boolean {
  const wanted = name.trim().toLocaleLowerCase();
  return Object.values(CLOSURE_NAMES[kind]).some((given) => given.toLocaleLowerCase() === wanted);
}
