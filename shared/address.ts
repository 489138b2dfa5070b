// What an address says about where a property is: its city, as the portfolio calendar filters by
// it and the owner portal shows it (properties keep one free-text address, no city field).
/** Countries an address may end with: the city is the part before. */
const COUNTRIES = /^(portugal|brasil|brazil|espa[nñ]a|spain|usa|us|u\.s\.a?\.?|united states( of america)?|uk|united kingdom|france|italia|italy|m[ée]xico|argentina|chile|colombia|per[uú]|uruguay|deutschland|germany)$/i;

/**
 * The city of an address: its last comma-separated part without postal codes and numbers, passing
 * over a country or a state code. An address of one part (the street alone) has none.
 */
export function cityOf(address: string | null | undefined): string | null {
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.replace(/\b[A-Z]{0,2}\d[\d-]*\b/gi, ' ').replace(/\s+/g, ' ').replace(/^[\s-]+|[\s-]+$/g, '').trim())
    .filter(Boolean);
  // The first part is the street; a country or a state code ("NY") after the city is passed over.
  let index = parts.length - 1;
  while (index > 0 && (COUNTRIES.test(parts[index]) || /^[A-Z]{2,3}$/.test(parts[index]))) index -= 1;
  const city = parts[index];
  return index > 0 && /\p{L}/u.test(city) ? city.slice(0, 80) : null;
}
