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
 * Luhn-valid). Such text is never echoed back nor logged, whatever field it arrived in. Every run of whole
 * digit groups is a candidate, so digits next to a number ("4111111111111111 7") cannot hide it.
 */
export function containsPan(text: string): boolean {
  const runs = text.match(/\d+(?:[ -]\d+)*/g) ?? [];
  return runs.some((run) => {
    const groups = run.split(/[ -]/);
    for (let i = 0; i < groups.length; i++) {
      let digits = '';
      for (let j = i; j < groups.length && digits.length <= 19; j++) {
        digits += groups[j];
        if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
      }
    }
    return false;
  });
}
