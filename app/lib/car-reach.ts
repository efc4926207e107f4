/**
 * The car form's line about waiting buyers (docs/product.md, Alerts): how many buyers with a
 * confirmed alert the car as typed would be emailed about when saved. Nothing is saved to ask.
 */
export function reachMessage(buyers: number | null): string {
  if (buyers === null) return "Fill in the required fields to see how many waiting buyers this car would reach.";
  if (buyers === 0) return "No waiting buyer's alert matches this car yet.";
  const who = buyers === 1 ? "1 waiting buyer" : `${buyers} waiting buyers`;
  return `This car would reach ${who}: their alerts match it, and they are emailed once it is saved.`;
}
