/**
 * One hit, atomically, with HitLogThrottlerStorage's semantics: a hit counts for `ttl`; over the
 * limit with a block duration the key is blocked for it (hits are not counted meanwhile) and its
 * count starts again once the block is over; without one, only the hits beyond the limit are
 * refused. The clock is the Redis server's (every gateway shares it) unless ARGV[4] gives one.
 *
 * KEYS[1] the hit log: expiry instants (ms), oldest first; one ttl per key keeps them in order.
 * KEYS[2] the state: `window_ends_at` (X-RateLimit-Reset) and `blocked_until` while blocked.
 * ARGV: ttl, limit, block duration (ms), now (ms, optional).
 * Answers totalHits, timeToExpire (s), isBlocked (1/0), timeToBlockExpire (s, 0 unless blocked).
 */
export const RATE_LIMIT_HIT_SCRIPT = `
local hitsKey, stateKey = KEYS[1], KEYS[2]
local ttl, limit, blockDuration = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function seconds(ms) return math.ceil(ms / 1000) end
local function instant(ms) return string.format('%.0f', ms) end

while true do
  local oldest = redis.call('LINDEX', hitsKey, 0)
  if not oldest or tonumber(oldest) > now then break end
  redis.call('LPOP', hitsKey)
end
local count = redis.call('LLEN', hitsKey)
local state = redis.call('HMGET', stateKey, 'window_ends_at', 'blocked_until')
local windowEndsAt = tonumber(state[1])
if not windowEndsAt or windowEndsAt <= now then windowEndsAt = now + ttl end
local blockedUntil = tonumber(state[2])
local isBlocked = false
local timeToBlockExpire = 0

if blockDuration > 0 then
  isBlocked = blockedUntil ~= nil
  if not isBlocked then count = redis.call('RPUSH', hitsKey, instant(now + ttl)) end
  if count > limit and not isBlocked then
    isBlocked = true
    blockedUntil = now + blockDuration
  end
  if isBlocked and blockedUntil <= now then
    isBlocked = false
    blockedUntil = nil
    redis.call('DEL', hitsKey)
    count = redis.call('RPUSH', hitsKey, instant(now + ttl))
  end
  if isBlocked then timeToBlockExpire = seconds(blockedUntil - now) end
else
  isBlocked = count >= limit
  if isBlocked then
    local oldest = redis.call('LINDEX', hitsKey, 0)
    timeToBlockExpire = oldest and seconds(tonumber(oldest) - now) or seconds(windowEndsAt - now)
    count = count + 1
  else
    count = redis.call('RPUSH', hitsKey, instant(now + ttl))
  end
end

redis.call('HSET', stateKey, 'window_ends_at', instant(windowEndsAt))
if blockedUntil then
  redis.call('HSET', stateKey, 'blocked_until', instant(blockedUntil))
else
  redis.call('HDEL', stateKey, 'blocked_until')
end
-- Both keys live until the budget is idle (window over, block over, every hit expired), and a
-- second longer: an idle budget answers as a new one.
local newest = tonumber(redis.call('LINDEX', hitsKey, -1)) or 0
local idleAt = math.max(windowEndsAt, newest, blockedUntil or 0)
local life = idleAt - now + 1000
redis.call('PEXPIRE', hitsKey, life)
redis.call('PEXPIRE', stateKey, life)
return { count, seconds(windowEndsAt - now), isBlocked and 1 or 0, timeToBlockExpire }
`;
