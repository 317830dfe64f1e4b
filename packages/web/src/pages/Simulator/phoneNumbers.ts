/** Simulated phones have 10–15 digit numbers not starting with 0 (the simulator's own rule). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isCustomerNumber(value: string): boolean {
  return /^[1-9]\d{9,14}$/.test(digitsOf(value));
}
