// One function's execution environment under API_RUNTIME=bundles (local/bundles/runtime.ts): a
// worker thread, so the bundle gets its own module instances, globals and process.env (the
// environment the stack gives the function), as a Lambda function gets its own process. Plain
// JavaScript on purpose: it runs under bare Node, as Lambda's runtime does, never through tsx or Jest.
//
// The bundle's ports (functions/lib/ports.ts) find the host's local stand-ins under
// Symbol.for('rentalops.local-ports'): each is a proxy whose method calls go to the host thread,
// which calls the stand-in it configured (local/ports.ts) and answers.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { file, functionName, ports } = workerData;
process.setSourceMapsEnabled?.(true); // NODE_OPTIONS=--enable-source-maps, which the stack sets

const waiting = new Map();
let nextId = 0;

/** An Error across the thread boundary: its name, message, stack and own fields (code, statusCode...). */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable: left out
    }
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

function reviveError(data) {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

function callHost(port, method, args) {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    parentPort.postMessage({ type: 'port', id, port, method, args });
  });
}

/** The stand-in of one port: every method is a call to the host ('then' stays undefined: not a promise). */
function portProxy(port) {
  return new Proxy(
    {},
    { get: (_target, method) => (typeof method === 'string' && method !== 'then' && method !== 'toJSON' ? (...args) => callHost(port, method, args) : undefined) },
  );
}

globalThis[Symbol.for('rentalops.local-ports')] = Object.fromEntries(ports.map((name) => [name, portProxy(name)]));

// Init: the bundle is imported once, before the first invocation (the cold start).
const initStarted = performance.now();
const loaded = import(pathToFileURL(file).href).then((module) => {
  if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
  return module.handler;
});
loaded.then(
  () => parentPort.postMessage({ type: 'ready', initMs: performance.now() - initStarted }),
  (error) => parentPort.postMessage({ type: 'init-error', error: serializeError(error) }),
);

function lambdaContext(requestId) {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local-bundles',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

parentPort.on('message', async (message) => {
  if (message.type === 'port-result') {
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (message.error) call.reject(reviveError(message.error));
    else call.resolve(message.result);
    return;
  }
  if (message.type !== 'invoke') return;
  try {
    const handler = await loaded;
    const context = lambdaContext(message.requestId);
    if (message.contextFunctionName) context.functionName = message.contextFunctionName;
    const result = await handler(message.event, context);
    parentPort.postMessage({ type: 'result', id: message.id, result: result === undefined ? undefined : structuredClone(result) });
  } catch (error) {
    parentPort.postMessage({ type: 'result', id: message.id, error: serializeError(error) });
  }
});
