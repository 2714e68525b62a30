export const REFERENCE_DATA_VERSION = '1';
