/**
 * How the contacts module learns whether a number exists on the messaging network and what its
 * canonical form is. The channel manager provides the real one (checked on the default
 * connection); until then numbers are accepted as typed.
 */
export interface NumberChecker {
  /** The canonical number, or throws AppError ERR_WAPP_INVALID_CONTACT (or a channel error code). */
  check(number: string): Promise<string>;
}

export const passThroughNumberChecker: NumberChecker = {
  check(number) {
    return Promise.resolve(number);
  },
};
