export { hasValidSignature, type ReceivedWebhook, startWebhookReceiver } from '@shipping/testing';
