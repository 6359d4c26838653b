/**
 * The longest request address (path and query) the server reads, in characters: far above any address the web app
 * or the API makes, and far below what would cost real CPU. Longer ones are answered 414 (docs/deploying.md).
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** Whether the request's address is longer than the server reads. */
export const isUrlTooLong = (url: string) => url.length > MAX_URL_LENGTH;
