// A figure (an amount, a count) that fits the card it is in: its type shrinks with the card's
// width and the figure's length, and a figure too long even at the smallest size wraps. A card
// never cuts digits off ("US$ 99.999.999,99" in a quarter of a laptop's width, a phone's half).
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';

/** On the element whose width the figure follows (the card, or its text box). */
export const figureContainerSx: SystemStyleObject<Theme> = { containerType: 'inline-size' };

/** A bold tabular character is at most about 0.72 em wide (digits and "US$" in a wide fallback font such as DejaVu Sans; 0.62 em in Inter; separators are narrower). */
const EM_PER_CHARACTER = 0.72;

/**
 * The type of `figure` in a figureContainerSx box: `max` when it fits, down to `min` when it does
 * not, then wrapping between any two characters rather than overflowing.
 */
export function fitFigureSx(figure: unknown, max: string, min = '0.875rem'): SystemStyleObject<Theme> {
  const characters = typeof figure === 'string' || typeof figure === 'number' ? Math.max(String(figure).length, 1) : 0;
  return {
    fontSize: characters ? `clamp(${min}, calc(100cqi / ${(characters * EM_PER_CHARACTER).toFixed(2)}), ${max})` : max,
    overflowWrap: 'anywhere',
    fontVariantNumeric: 'tabular-nums',
  };
}
