/** Luhn check over a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True when text carries something shaped like a card number (13-19 digits, spaces or dashes allowed,
 * Luhn-valid). Such text is never echoed back nor logged, whatever field it arrived in.
 */
export function containsPan(text: string): boolean {
  const runs = text.match(/\d(?:[ -]?\d){12,18}/g);
  return !!runs?.some((run) => luhnValid(run.replace(/[ -]/g, '')));
}
