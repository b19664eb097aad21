"""Stakes (seed 002 "Einsatz"): balances, the pot of each table with a stake, and a ledger.

Every player has a balance of chips, granted by the house the first time it is needed
(``SPEEDGAMEZ_STARTING_BALANCE``). At a table with a stake, a person pays it into the
table's pot when he takes a seat, in one step with the check that he can (so a balance
never goes below zero, however many tables he joins at once); leaving before the match
starts gives it back. When the match is over the pot goes to the best-placed people who
paid into it (split evenly on a tie, a remainder chip to the lower seat); a table closed
before its start gives every stake back. Every movement is one ledger entry from one
account to another (``house``, a player id, ``pot:<table id>``), so the ledger sums to
zero and replaying it gives every balance and pot.

Semantics, in plain words: a seat is paid for before the join commits. If the join is
refused, or the server dies before it, the stake lies in the pot of a table its payer
does not sit at; ``settle`` gives such stakes back once they are older than
``SPEEDGAMEZ_BOARD_SETTLE_MS`` (a join in flight is younger), and pays out or refunds a
table that is over. It runs after every change of a table with a stake and, for tables
whose pot is not empty, in every worker's maintenance, and it is idempotent: a pot is
paid out or refunded by scripts that move what is in it and nothing else.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from server import keys
from server.settings import Settings
from server.table import TableRecord, TableStatus
from server.table_log import SeatKind

HOUSE = "house"

# KEYS: balances, the table's pot, the pots set, the ledger. ARGV: player, stake, table id,
# now (ms), starting balance. Pays the stake into the pot unless the player has already;
# returns {1, balance after} or {0, balance} when the balance is short.
_STAKE = """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if not balance then
  balance = ARGV[5]
  redis.call('HSET', KEYS[1], ARGV[1], balance)
  redis.call('XADD', KEYS[4], '*', 'from', 'house', 'to', ARGV[1], 'amount', balance,
    'reason', 'starting balance', 'table', '')
end
balance = tonumber(balance)
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return {1, balance} end
local stake = tonumber(ARGV[2])
if balance < stake then return {0, balance} end
redis.call('HINCRBY', KEYS[1], ARGV[1], -stake)
redis.call('HSET', KEYS[2], ARGV[1], stake .. ':' .. ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[3])
redis.call('XADD', KEYS[4], '*', 'from', ARGV[1], 'to', 'pot:' .. ARGV[3], 'amount', stake,
  'reason', 'stake', 'table', ARGV[3])
return {1, balance - stake}
"""

# KEYS: balances, the table's pot, the pots set, the ledger. ARGV: table id, reason, then
# pairs of player and amount to pay out of the pot (each at most what the pot holds for
# the players named by ``refund``; a payout names the winners' shares). ARGV[3] is
# "refund" (each named player gets his own stake back) or "payout" (the pot is shared
# out as named and emptied).
_MOVE = """
local pot = 'pot:' .. ARGV[1]
if ARGV[3] == 'refund' then
  for index = 4, #ARGV do
    local held = redis.call('HGET', KEYS[2], ARGV[index])
    if held then
      local amount = tonumber(string.match(held, '^(%d+)'))
      redis.call('HDEL', KEYS[2], ARGV[index])
      redis.call('HINCRBY', KEYS[1], ARGV[index], amount)
      redis.call('XADD', KEYS[4], '*', 'from', pot, 'to', ARGV[index], 'amount', amount,
        'reason', ARGV[2], 'table', ARGV[1])
    end
  end
else
  if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
  local total = 0
  for _, held in ipairs(redis.call('HVALS', KEYS[2])) do
    total = total + tonumber(string.match(held, '^(%d+)'))
  end
  local winners = #ARGV - 3
  local share, rest = math.floor(total / winners), total % winners
  for index = 4, #ARGV do
    local amount = share
    if index - 3 <= rest then amount = amount + 1 end
    redis.call('HINCRBY', KEYS[1], ARGV[index], amount)
    redis.call('XADD', KEYS[4], '*', 'from', pot, 'to', ARGV[index], 'amount', amount,
      'reason', ARGV[2], 'table', ARGV[1])
  end
  redis.call('DEL', KEYS[2])
end
if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('ZREM', KEYS[3], ARGV[1]) end
return 1
"""


class Bank:
    """Balances, pots and the ledger."""

    def __init__(self, redis: Redis, settings: Settings) -> None:
        self.redis = redis
        self.starting = settings.starting_balance
        self.grace_ms = settings.board_settle_ms
        self._stake = redis.register_script(_STAKE)
        self._move = redis.register_script(_MOVE)

    def _keys(self, table_id: str) -> list[str]:
        return [keys.BANK_BALANCES, keys.bank_pot(table_id), keys.BANK_POTS, keys.BANK_LEDGER]

    async def balance(self, player_id: str) -> int:
        stored: Any = await self.redis.hget(keys.BANK_BALANCES, player_id)
        return self.starting if stored is None else int(stored)

    async def stake(self, table_id: str, player_id: str, amount: int, now_ms: int) -> tuple[bool, int]:
        """Pay ``amount`` into the table's pot (once); whether it was paid, and the balance."""
        paid, balance = await self._stake(
            keys=self._keys(table_id), args=[player_id, amount, table_id, now_ms, self.starting]
        )
        return bool(paid), int(balance)

    async def refund(self, table_id: str, players: list[str], reason: str) -> None:
        if players:
            await self._move(keys=self._keys(table_id), args=[table_id, reason, "refund", *players])

    async def stakes(self, table_id: str) -> dict[str, tuple[int, int]]:
        """Player -> (stake, when it was paid) in the table's pot."""
        held: Any = await self.redis.hgetall(keys.bank_pot(table_id))
        found = {}
        for player, value in held.items():
            amount, _, when = _text(value).partition(":")
            found[_text(player)] = (int(amount), int(when))
        return found

    async def pots(self, before_ms: int, count: int) -> list[str]:
        """Tables whose pot holds stakes paid before ``before_ms``."""
        found: Any = await self.redis.zrangebyscore(keys.BANK_POTS, "-inf", before_ms, start=0, num=count)
        return [_text(table_id) for table_id in found]

    async def settle(self, table_id: str, record: TableRecord | None, now_ms: int) -> None:
        """Bring the table's pot in line with the table (semantics in the module docstring)."""
        held = await self.stakes(table_id)
        if not held:
            await self.redis.zrem(keys.BANK_POTS, table_id)
            return
        if record is None or record.status is TableStatus.CLOSED:
            await self.refund(table_id, sorted(held), "stake back: the table closed")
            return
        seated = {seat.player_id for seat in record.seats if seat.player_id is not None}
        over = record.status is TableStatus.FINISHED
        old = now_ms - self.grace_ms
        stray = [
            player for player, (_, when) in held.items() if player not in seated and (over or when < old)
        ]
        await self.refund(table_id, sorted(stray), "stake back: no seat taken")
        if over and record.match is not None:
            winners = _best_placed(record, [player for player in held if player not in stray])
            if winners:
                await self._move(keys=self._keys(table_id), args=[table_id, "pot won", "payout", *winners])
        # A running table's pot waits behind the others for the next look.
        await self.redis.zadd(keys.BANK_POTS, {table_id: now_ms}, xx=True)


def _best_placed(record: TableRecord, payers: list[str]) -> list[str]:
    """The payers best placed at the end, in seat order; those who stayed before those who left."""
    assert record.match is not None
    places = record.game.match_places(record.match.options, tuple(record.match.totals), record.match.winners)
    seats = [
        (index, seat)
        for index, seat in enumerate(record.seats)
        if seat.kind is SeatKind.HUMAN and seat.player_id in payers
    ]
    stayed = [(index, seat) for index, seat in seats if not seat.left] or seats
    if not stayed:
        return []
    best = min(places[index] for index, _ in stayed)
    return [seat.player_id for index, seat in stayed if places[index] == best and seat.player_id is not None]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
