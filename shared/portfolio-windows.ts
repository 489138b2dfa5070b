// The portfolio calendar's windows (issue 40 point 1), apart from its schemas: the screen reads them
// as it draws, and importing them from shared/schemas/portfolio.ts put that module (and with it zod
// and the block form's schema, built as the module was evaluated) in the screen's first chunk.

/** The windows the calendar shows, in days. */
export const PORTFOLIO_WINDOWS = [14, 30, 60, 90] as const;
export type PortfolioWindow = (typeof PORTFOLIO_WINDOWS)[number];
