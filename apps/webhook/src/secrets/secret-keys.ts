export { parseSecretKeys } from '@shipping/platform/secrets';
