export const LABEL_LINK_EXPIRED_MESSAGE = 'The label link has expired.';
export const LABEL_LINK_INVALID_MESSAGE = 'The label link is invalid.';
export const LABEL_FILE_NOT_FOUND_MESSAGE = 'Label file not found.';
