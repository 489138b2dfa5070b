// Boot's wait for the first screen's inputs (app/boot.ts), in a module of its own so that the browser
// tests can name the mark without loading the app.

/** The longest the first render waits for its inputs; after that it draws with what it has. */
export const BOOT_WAIT_MS = 4_000;

/** The performance mark set when the first render stopped waiting for its inputs (BOOT_WAIT_MS). */
export const BOOT_WAIT_EXPIRED = 'rentalops:boot-wait-expired';
