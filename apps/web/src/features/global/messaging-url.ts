// The rule lives in the domain: the server's first paint of the search page draws the same button (ADR 0051).
export { findMessagingUrl, PHONE_QUERY } from "@alloggio/domain/messaging/messaging-url";
