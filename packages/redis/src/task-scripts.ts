import { Script } from "./connection.js";

/**
 * The Lua of {@link RedisTaskStore}: each operation is one script, so one round trip, atomic.
 *
 * Keys (all under the prefix, ARGV[1]): `task:<id>` a hash per task (expiring with the task),
 * `owner:<owner>` a sorted set of the owner's task ids by creation order, `tasks` a sorted set of
 * `<id>\n<owner>` by deadline (the sweep's index and the total count), and `seq` the creation
 * counter. ARGV[2] is the store's clock, so expiry follows the same clock as `createdAt`; Redis key
 * expiry (relative, so clock offsets do not matter) is the backstop that frees memory on its own.
 * Scripts never decode JSON: results and pending input stay opaque strings.
 */
const PRELUDE = `
local prefix = ARGV[1]
local now = tonumber(ARGV[2])
local all = prefix .. 'tasks'
local function taskKey(id) return prefix .. 'task:' .. id end
local function ownerKey(owner) return prefix .. 'owner:' .. owner end
local function remove(id, owner)
  redis.call('DEL', taskKey(id))
  redis.call('ZREM', ownerKey(owner), id)
  redis.call('ZREM', all, id .. '\\n' .. owner)
end
local function sweep()
  local expired = redis.call('ZRANGEBYSCORE', all, '-inf', ARGV[2], 'LIMIT', 0, 1000)
  for _, member in ipairs(expired) do
    local at = string.find(member, '\\n', 1, true)
    remove(string.sub(member, 1, at - 1), string.sub(member, at + 1))
  end
end
local function live(owner, id)
  local fields = redis.call('HGETALL', taskKey(id))
  if #fields == 0 then return false end
  local t = {}
  for i = 1, #fields, 2 do t[fields[i]] = fields[i + 1] end
  if t.owner ~= owner then return false end
  if t.deadline ~= '+inf' and now >= tonumber(t.deadline) then
    remove(id, owner)
    return false
  end
  return fields, t
end
`;

/** ARGV: prefix, now, id, owner, deadline|+inf, remainingMs|'', maxPerOwner, maxTasks, then field/value pairs. */
export const CREATE = new Script(`${PRELUDE}
local id, owner, deadline, remaining = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
sweep()
local ok = ownerKey(owner)
local owned = redis.call('ZCARD', ok)
if owned >= tonumber(ARGV[7]) then return 'owner' end
local total = redis.call('ZCARD', all)
if total >= tonumber(ARGV[8]) then return 'all' end
local key = taskKey(id)
if redis.call('EXISTS', key) == 1 then return 'exists' end
local fields = {}
for i = 9, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', key, unpack(fields))
local function extend(k, fresh)
  if remaining == '' then
    redis.call('PERSIST', k)
    return
  end
  local pttl = redis.call('PTTL', k)
  if fresh or (pttl >= 0 and pttl < tonumber(remaining)) then redis.call('PEXPIRE', k, remaining) end
end
if remaining ~= '' then redis.call('PEXPIRE', key, remaining) end
redis.call('ZADD', ok, redis.call('INCR', prefix .. 'seq'), id)
extend(ok, owned == 0)
redis.call('ZADD', all, deadline, id .. '\\n' .. owner)
extend(all, total == 0)
return 'ok'
`);

/** ARGV: prefix, now, owner, id. */
export const GET = new Script(`${PRELUDE}
local fields = live(ARGV[3], ARGV[4])
return fields
`);

/**
 * ARGV: prefix, now, owner, id, status, then the optional fields as flag/value pairs:
 * statusMessage, outcome, inputRequests (flag `1` present, `0` absent).
 */
export const UPDATE = new Script(`${PRELUDE}
local fields, t = live(ARGV[3], ARGV[4])
if not fields then return false end
if t.status == 'completed' or t.status == 'failed' or t.status == 'cancelled' then return fields end
local key = taskKey(ARGV[4])
redis.call('HSET', key, 'status', ARGV[5], 'lastUpdatedAt', ARGV[2])
redis.call('HDEL', key, 'statusMessage', 'inputRequests')
if ARGV[6] == '1' then redis.call('HSET', key, 'statusMessage', ARGV[7]) end
if ARGV[8] == '1' then redis.call('HSET', key, 'outcome', ARGV[9]) end
if ARGV[10] == '1' then redis.call('HSET', key, 'inputRequests', ARGV[11]) end
return redis.call('HGETALL', key)
`);

/** ARGV: prefix, now, owner, cursor flag, cursor, limit. Answers `{'invalid'}` or `{'ok', next, task...}`. */
export const LIST = new Script(`${PRELUDE}
sweep()
local ok = ownerKey(ARGV[3])
local start = 0
if ARGV[4] == '1' then
  local rank = redis.call('ZRANK', ok, ARGV[5])
  if not rank then return {'invalid'} end
  start = rank + 1
end
local limit = tonumber(ARGV[6])
local ids = redis.call('ZRANGE', ok, start, start + limit - 1)
local out = {'ok', ''}
if start + limit < redis.call('ZCARD', ok) and #ids > 0 then out[2] = ids[#ids] end
for _, id in ipairs(ids) do
  local fields = redis.call('HGETALL', taskKey(id))
  if #fields > 0 then out[#out + 1] = fields end
end
return out
`);

/** ARGV: prefix, now, owner, id. */
export const DELETE = new Script(`${PRELUDE}
if redis.call('HGET', taskKey(ARGV[4]), 'owner') == ARGV[3] then remove(ARGV[4], ARGV[3]) end
return 'ok'
`);
