// Every browser test: a busy 2-core machine (CI runs the API and browser projects at once) can make
// a test three times slower than on a quiet one. The limit is there to catch a hang, not a slow
// machine; a test that names its own limit keeps it. Pages wait 30 s for an element (support/app.ts).
jest.setTimeout(180_000);
