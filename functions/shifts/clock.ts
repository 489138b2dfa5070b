// The time shift rules run on. Tests replace `clock.now` to stand at a chosen local hour; nothing
// else in it is state, so nothing leaks between requests.
export const clock = {
  now: (): Date => new Date(),
};
