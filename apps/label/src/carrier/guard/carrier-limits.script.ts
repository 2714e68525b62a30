const NOW = `
local now = tonumber(ARGV[#ARGV])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

/**
 * Takes a slot and the rate's turn at once, for a call starting now, as InProcessCarrierLimits does;
 * takes nothing when either is not free, so a pause (Retry-After) holds back every call not yet
 * started. The clock is the Redis server's, shared by every instance, unless the last ARGV gives one.
 *
 * KEYS[1] the next start (ms, the rate's theoretical arrival time); KEYS[2] the slots (a sorted set
 * of slot ids scored by their lease's end). ARGV: interval (ms), concurrency, slot lease (ms), slot id, now.
 * Answers {1, 0}; {0, ms until the rate's turn, 2}; or {0, ms until a slot's lease ends, 1}.
 */
export const CARRIER_ACQUIRE_SCRIPT = `${NOW}
local interval, concurrency, lease = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local start = tonumber(redis.call('GET', KEYS[1])) or 0
if start > now then return { 0, math.ceil(start - now), 2 } end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= concurrency then
  local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return { 0, math.max(1, math.ceil(tonumber(first[2]) - now)), 1 }
end
local nextStart = now + interval
redis.call('SET', KEYS[1], string.format('%.3f', nextStart), 'PX', math.ceil(interval) + 1000)
redis.call('ZADD', KEYS[2], string.format('%.0f', now + lease), ARGV[4])
redis.call('PEXPIRE', KEYS[2], lease + 1000)
return { 1, 0 }
`;

/** KEYS[1] the slots. ARGV: slot lease (ms), slot id, now. Extends a slot still held. */
export const CARRIER_RENEW_SCRIPT = `${NOW}
local lease = tonumber(ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZADD', KEYS[1], string.format('%.0f', now + lease), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], lease + 1000)
end
return 1
`;

/** KEYS[1] the next start. ARGV: pause (ms), now. No call starts before now + pause. */
export const CARRIER_PAUSE_SCRIPT = `${NOW}
local resumeAt = now + tonumber(ARGV[1])
local nextStart = tonumber(redis.call('GET', KEYS[1])) or 0
if resumeAt > nextStart then
  redis.call('SET', KEYS[1], string.format('%.3f', resumeAt), 'PX', math.ceil(resumeAt - now) + 1000)
end
return 1
`;
