export default async function globalTeardown(): Promise<void> {
  await globalThis.__RENTALOPS_STACK__?.stop();
}
