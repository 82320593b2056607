/** VAT arithmetic in whole pence; rates are basis points (2000 = 20 %). Rounded half up, as HMRC allows. */
export function vatOnNet(netPence: number, rateBp: number): number {
  return Math.round((netPence * rateBp) / 10_000);
}

/** The VAT inside a VAT-inclusive amount (20 % of net is 1/6 of gross). */
export function vatInGross(grossPence: number, rateBp: number): number {
  return grossPence - Math.round((grossPence * 10_000) / (10_000 + rateBp));
}
