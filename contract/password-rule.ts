// The customer password rule (docs/requirements.md#fields-and-their-rules: letters plus numbers, 8 or more), in one
// place for the check and for every text that describes it. Kept free of zod so the app's
// first bundle can read the numbers for its hint without loading the validation library.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Printable ASCII without spaces: letters, digits and symbols such as `!` or `@` are welcome,
 * while spaces, full-width characters and emoji are refused, since a Chinese or Japanese
 * input method slips them in unseen and the customer could not type the password again.
 */
export const PASSWORD_CHARACTERS = /^[\x21-\x7E]+$/;

/**
 * Values every locale text may use ({{passwordMin}}): the hint under a new password and the
 * PASSWORD_RULE error read their numbers from here, in the app and in the server's messages.
 */
export const RULE_TEXT_VARIABLES = { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } as const;
