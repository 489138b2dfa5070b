import { fromCents } from './rules';

/** An amount as the API answers it: exact integer cents and the decimal(10,2) text. */
export interface Money {
  cents: number;
  amount: string;
}

export const money = (cents: number): Money => ({ cents, amount: fromCents(cents) });
