/** The API version this client was generated from: it pins it in every request. */
export const API_VERSION = '2026-11-28';
