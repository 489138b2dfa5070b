// The time the board's default runs on (this week, or from today at weekends). Tests replace
// `clock.now` to stand on a chosen local day; nothing else in it is state.
export const clock = {
  now: (): Date => new Date(),
};
