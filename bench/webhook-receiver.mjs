// The webhook bench's receiver (bench/webhooks.ts), in a process of its own: with the receiver inside
// the bench's process, its answers were read as late as that busy process got to them (100 workers,
// the queue, the fan-out), so healthy endpoints looked slow and the lag measured the bench itself.
// Plain JavaScript, run with `node` (no loader to start). Told over IPC which run it is in; keeps the
// arrival times (this machine's clock, the same the bench reads) and hands them over when asked.
//   /slow     answers 200 after SLOW_MS (at once in a control run)
//   /failing  answers 500 (200 in a control run)
//   anything else: 204
// Test deliveries (`webhook.test`) are answered at once and not counted.
import { createServer } from 'node:http';

const slowMs = Number(process.env.SLOW_MS ?? 5000);
let control = false;
let healthy = new Map();
let slow = new Map();
let received = 0;

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const path = req.url ?? '';
    let taskId = '';
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (body.type !== 'webhook.test') taskId = body.data?.id ?? '';
    } catch {
      // not a delivery of ours
    }
    const answer = (status) => {
      res.writeHead(status);
      res.end();
    };
    if (taskId) received += 1;
    if (path === '/slow') {
      if (taskId) slow.set(taskId, at);
      setTimeout(() => answer(200), taskId && !control ? slowMs : 0);
    } else if (path === '/failing') {
      answer(taskId && !control ? 500 : 200);
    } else {
      if (taskId) {
        const list = healthy.get(taskId);
        if (list) list.push(at);
        else healthy.set(taskId, [at]);
      }
      answer(204);
    }
  });
});
server.keepAliveTimeout = 5000; // Node's default: kept connections are reused

process.on('message', (message) => {
  if (message.type === 'reset') {
    control = Boolean(message.control);
    healthy = new Map();
    slow = new Map();
    received = 0;
    process.send({ type: 'reset' });
  } else if (message.type === 'collect') {
    process.send({ type: 'collected', healthy: [...healthy], slow: [...slow], received });
  } else if (message.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
