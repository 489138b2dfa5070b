// A call to the app's API from a browser test, with the page's session cookie (page.request shares
// the page's cookies): the answer's JSON, or an error naming the call and the server's answer.
import type { Page } from 'playwright-core';

export async function api<T>(page: Page, method: string, url: string, data?: unknown, { language = 'en' }: { language?: string } = {}): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: { 'accept-language': language } });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
