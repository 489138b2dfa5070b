// The local webhook inspector (`npm start` only; never deployed): an endpoint that accepts any
// delivery at /dev/webhooks/in/<name> (answering 204), and a page at /dev/webhooks listing what
// arrived: headers, body, and whether the signature verifies for a secret typed into the page
// (checked with the standardwebhooks package, as an integrator would). So a user can add a webhook
// with nothing else running: its URL is localWebhookInspectorUrl() (shared/schemas/webhooks.ts).
// `?status=500` or `?delayMs=3000` on the receiving URL makes it answer that way (to see retries);
// the test event sent when an endpoint is added is always accepted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  id: number;
  name: string;
  at: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
}

const MAX_KEPT = 200;
const MAX_BODY_BYTES = 256 * 1024;
const received: ReceivedDelivery[] = [];
let nextId = 1;

export function receivedDeliveries(): readonly ReceivedDelivery[] {
  return received;
}

export function clearReceivedDeliveries(): void {
  received.length = 0;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Whether a delivery's signature verifies with `secret` (a timestamp older than 5 min does not). */
export function verifies(delivery: Pick<ReceivedDelivery, 'headers' | 'body'>, secret: string): boolean {
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers);
    return true;
  } catch {
    return false;
  }
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function renderInspectorPage(deliveries: readonly ReceivedDelivery[], secret: string | null, origin: string): string {
  const rows = [...deliveries]
    .reverse()
    .map((delivery) => {
      const headerRows = Object.entries(delivery.headers)
        .filter(([name]) => name.startsWith('webhook-') || name === 'content-type' || name === 'user-agent')
        .map(([name, value]) => `<tr><th>${escape(name)}</th><td><code>${escape(value)}</code></td></tr>`)
        .join('');
      const signature = secret === null ? '<span class="muted">enter the secret above to check the signature</span>' : verifies(delivery, secret) ? '<strong class="ok">signature verifies</strong>' : '<strong class="bad">signature does not verify</strong>';
      return `<article><h2>#${delivery.id} · ${escape(delivery.name)} · ${escape(delivery.at)} · answered ${delivery.answered}</h2><p>${signature}</p><table>${headerRows}</table><pre>${escape(pretty(delivery.body))}</pre></article>`;
    })
    .join('\n');
  const url = `http://127.0.0.1:${new URL(origin).port || '80'}/dev/webhooks/in/demo`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Webhook inspector · RentalOps (local)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}code,pre{font-family:ui-monospace,monospace;font-size:.85rem}pre{background:#f4f4f5;padding:1rem;overflow:auto}
article{border-top:1px solid #ddd;padding:1rem 0}th{text-align:left;padding-right:1rem;vertical-align:top}.ok{color:#166534}.bad{color:#b91c1c}.muted{color:#666}input{width:32rem}</style></head>
<body><h1>Webhook inspector (local)</h1>
<p>Add a webhook on the Integrations page with the URL <code>${escape(url)}</code> (any name instead of <code>demo</code>). Deliveries it receives are listed here, newest first (the last ${MAX_KEPT}; nothing is kept after a restart).</p>
<form method="get"><label>Secret (whsec_…) to check signatures: <input name="secret" value="${escape(secret ?? '')}" autocomplete="off"></label> <button>Check</button></form>
<p>${deliveries.length} received. <a href="/api/dev/webhooks">JSON</a></p>
${rows || '<p class="muted">Nothing received yet.</p>'}
</body></html>`;
}

/** Handles /dev/webhooks, /dev/webhooks/in/<name> and /api/dev/webhooks; false for any other path. */
export async function handleDevWebhooksRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const incoming = /^\/dev\/webhooks\/in\/([^/]{1,100})$/.exec(url.pathname);
  if (incoming) {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' });
      res.end();
      return true;
    }
    const body = await readBody(req);
    // The test event of a new endpoint is always accepted, so an endpoint told to fail can be added.
    const isTest = /"type":"webhook\.test"/.test(body);
    const status = isTest ? 204 : Number(url.searchParams.get('status') ?? 204);
    const answered = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 204;
    const delayMs = Math.min(Number(url.searchParams.get('delayMs') ?? 0) || 0, 30_000);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]));
    received.push({ id: nextId++, name: decodeURIComponent(incoming[1]), at: new Date().toISOString(), headers, body, answered });
    if (received.length > MAX_KEPT) received.splice(0, received.length - MAX_KEPT);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(answered, { 'cache-control': 'no-store' });
    res.end();
    return true;
  }
  if (url.pathname === '/api/dev/webhooks' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(received));
    return true;
  }
  if (url.pathname === '/dev/webhooks' && req.method === 'GET') {
    const secret = url.searchParams.get('secret')?.trim() || null;
    const origin = `http://${req.headers.host ?? 'localhost:3000'}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(renderInspectorPage(received, secret, origin));
    return true;
  }
  return false;
}
