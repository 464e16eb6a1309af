// A module of its own: the home page's plan list needs only this list, not the identity rules
// (contract/identity-rules.ts) that decide how each kind of line is verified.

/** What a plan sells: a data-only line, or a voice line with a phone number (identity-rules.ts). */
export const LINE_TYPES = ['data', 'voice'] as const;
export type LineType = (typeof LINE_TYPES)[number];
