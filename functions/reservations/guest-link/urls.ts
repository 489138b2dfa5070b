// The guest page's address (`${APP_URL}/g/<token>`: a static page, frontend/build/guest-page.ts) and
// the ready sentence the office pastes into the channel's message, in pt, en and es.
import { translateMessage } from '#shared/messages';
import type { GuestLinkView } from '#shared/schemas/guest-link';
import { GUEST_PAGE_PREFIX } from '#shared/static-pages';
import { optionalEnv } from '#functions/lib/env';
import type { GuestLinkRecord } from '#functions/data/repositories/guest-links';

export function guestPageUrl(token: string): string {
  const base = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}${GUEST_PAGE_PREFIX}${token}`;
}

export function guestLinkView(link: GuestLinkRecord, propertyName: string): GuestLinkView {
  const url = guestPageUrl(link.token);
  const message = (language: 'pt' | 'en' | 'es') => translateMessage('guestLink.channelMessage', language, { property: propertyName, url });
  return { url, propertyName, createdAt: link.createdAt, leftAt: link.leftAt ?? null, messages: { pt: message('pt'), en: message('en'), es: message('es') } };
}
