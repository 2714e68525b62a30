const NOW = `
local now = tonumber(ARGV[#ARGV])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

/**
 * Takes a slot and a place in the rate's window at once, for a call starting now, as
 * InProcessCarrierLimits does; takes nothing when either is not free, so a pause (Retry-After)
 * holds back every call not yet started. The clock is the Redis server's, shared by every
 * instance, unless the last ARGV gives one (specs).
 *
 * KEYS[1] the calls of the window: their expiry instants (ms), oldest first (one window for the
 * account keeps them in order); KEYS[2] the pause's end; KEYS[3] the slots (a sorted set of slot ids
 * scored by their lease's end). ARGV: window (ms), rate (calls a window), concurrency, slot lease (ms),
 * slot id, now. Answers {1, 0}; {0, ms until the rate lets a call start, 2}; or {0, ms until a
 * slot's lease ends, 1}.
 */
export const CARRIER_ACQUIRE_SCRIPT = `${NOW}
local windowMs, rate, concurrency, lease = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local pausedUntil = tonumber(redis.call('GET', KEYS[2])) or 0
if pausedUntil > now then return { 0, math.ceil(pausedUntil - now), 2 } end
while true do
  local oldest = redis.call('LINDEX', KEYS[1], 0)
  if not oldest or tonumber(oldest) > now then break end
  redis.call('LPOP', KEYS[1])
end
if redis.call('LLEN', KEYS[1]) >= rate then
  return { 0, math.max(1, math.ceil(tonumber(redis.call('LINDEX', KEYS[1], 0)) - now)), 2 }
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[3]) >= concurrency then
  local first = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  return { 0, math.max(1, math.ceil(tonumber(first[2]) - now)), 1 }
end
redis.call('RPUSH', KEYS[1], string.format('%.0f', now + windowMs))
redis.call('PEXPIRE', KEYS[1], windowMs + 1000)
redis.call('ZADD', KEYS[3], string.format('%.0f', now + lease), ARGV[5])
redis.call('PEXPIRE', KEYS[3], lease + 1000)
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

/** KEYS[1] the pause's end. ARGV: pause (ms), now. No call starts before now + pause. */
export const CARRIER_PAUSE_SCRIPT = `${NOW}
local pause = tonumber(ARGV[1])
local pausedUntil = tonumber(redis.call('GET', KEYS[1])) or 0
if now + pause > pausedUntil then
  redis.call('SET', KEYS[1], string.format('%.0f', now + pause), 'PX', pause + 1000)
end
return 1
`;
