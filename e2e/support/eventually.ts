/** Polls `check` until it holds, for at most `timeout` ms (a condition no locator can wait for). */
export async function eventually(check: () => boolean | Promise<boolean>, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Condition not met within ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
