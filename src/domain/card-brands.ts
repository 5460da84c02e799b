/**
 * Card brand from the BIN (product.md §8): a range table over BIN prefixes. The most specific (longest)
 * matching prefix wins, so domestic brands carved out of wider ranges (Elo and Hipercard inside Visa,
 * Mastercard and Discover ranges) are found first.
 */
export const CARD_BRANDS = [
  'VISA',
  'MASTERCARD',
  'AMEX',
  'ELO',
  'HIPERCARD',
  'DINERS',
  'DISCOVER',
  'JCB',
  'AURA',
  'CABAL',
  'OTHER',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

type Range = readonly [brand: CardBrand, from: string, to: string];
const r = (brand: CardBrand, from: string, to = from): Range => [brand, from, to];

export const BIN_RANGES: readonly Range[] = [
  // Elo (Brazil): published BIN list, 6-digit prefixes.
  ...[
    '401178',
    '401179',
    '431274',
    '438935',
    '451416',
    '457393',
    '457631',
    '457632',
    '504175',
    '627780',
    '636297',
    '636368',
  ].map((b) => r('ELO', b)),
  r('ELO', '506699', '506778'),
  r('ELO', '509000', '509999'),
  r('ELO', '650031', '650033'),
  r('ELO', '650035', '650051'),
  r('ELO', '650405', '650439'),
  r('ELO', '650485', '650538'),
  r('ELO', '650541', '650598'),
  r('ELO', '650700', '650718'),
  r('ELO', '650720', '650727'),
  r('ELO', '650901', '650978'),
  r('ELO', '651652', '651679'),
  r('ELO', '655000', '655019'),
  r('ELO', '655021', '655058'),
  // Hipercard (Brazil).
  ...['606282', '637095', '637568', '637599', '637609', '637612'].map((b) => r('HIPERCARD', b)),
  ...['384100', '384140', '384160'].map((b) => r('HIPERCARD', b)),
  // Aura (Brazil) and Cabal (Argentina/Brazil).
  r('AURA', '5078'),
  r('CABAL', '604201', '604400'),
  r('CABAL', '589657'),
  r('CABAL', '627170'),
  // International brands.
  r('AMEX', '34'),
  r('AMEX', '37'),
  r('DINERS', '300', '305'),
  r('DINERS', '3095'),
  r('DINERS', '36'),
  r('DINERS', '38', '39'),
  r('JCB', '3528', '3589'),
  r('DISCOVER', '6011'),
  r('DISCOVER', '622126', '622925'),
  r('DISCOVER', '644', '649'),
  r('DISCOVER', '65'),
  r('MASTERCARD', '51', '55'),
  r('MASTERCARD', '2221', '2720'),
  r('VISA', '4'),
];

/** Longest prefixes first: the table order above does not matter. */
const BY_SPECIFICITY = [...BIN_RANGES].sort((a, b) => b[1].length - a[1].length);

export function brandFromBin(bin: string): CardBrand {
  for (const [brand, from, to] of BY_SPECIFICITY) {
    const prefix = bin.slice(0, from.length);
    if (prefix.length === from.length && prefix >= from && prefix <= to) return brand;
  }
  return 'OTHER';
}
