/**
 * Whether a budget without a block duration is spent, counting no hit: its expired hits are
 * dropped as RATE_LIMIT_HIT_SCRIPT drops them, then it is spent when `limit` hits still count.
 *
 * KEYS[1] the hit log (expiry instants, ms, oldest first). ARGV: limit, now (ms, optional).
 * Answers isSpent (1/0), seconds until the oldest hit expires (0 unless spent).
 */
export const RATE_LIMIT_CHECK_SCRIPT = `
local hitsKey = KEYS[1]
local limit = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
while true do
  local oldest = redis.call('LINDEX', hitsKey, 0)
  if not oldest or tonumber(oldest) > now then break end
  redis.call('LPOP', hitsKey)
end
if redis.call('LLEN', hitsKey) < limit then return { 0, 0 } end
return { 1, math.ceil((tonumber(redis.call('LINDEX', hitsKey, 0)) - now) / 1000) }
`;
