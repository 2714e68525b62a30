export {
  parseRedisKeyPrefix,
  parseRedisUrl,
  REDIS_KEY_PREFIX_FORM,
  REDIS_URL_FORM,
} from '@shipping/platform/redis';
