/** Simulated phones have 10–15 digit numbers not starting with 0 (the simulator's own rule). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isCustomerNumber(value: string): boolean {
  return /^[1-9]\d{9,14}$/.test(digitsOf(value));
}

/** A simulated group's id, as the simulator's API takes it: 6–40 digits, optionally '-' and digits. */
export function isGroupId(value: string): boolean {
  return /^\d{6,40}(-\d+)?$/.test(value);
}
