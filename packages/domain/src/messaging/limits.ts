// Lengths the forms check as the guest types and the contracts enforce: here without zod, so that a page that
// only needs the number does not load the schemas library.

/** The longest chat message, in characters (SPEC §5: never empty; and bounded). */
export const MAX_CHAT_MESSAGE = 2000;

/** The longest reason an offer's recipient gives for declining it, in characters. */
export const MAX_REJECTION_REASON = 1000;
