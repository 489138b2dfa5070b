// Every browser test: on a busy 2-core machine a test can take three times as long as on a quiet
// one. The limit is there to catch a hang, not a slow machine; a test that names its own limit keeps
// it. Pages wait 30 s for an element (support/app.ts).
jest.setTimeout(180_000);
