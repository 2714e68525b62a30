export { parseSecretKeys } from '@shipping/platform';
