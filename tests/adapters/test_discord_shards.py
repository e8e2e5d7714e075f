"""Discord sharding: settings, the client each process builds, what it tells the gateway, and
which process registers the slash commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from adapters.discord import DiscordAdapter, DiscordConfig
from adapters.discord.commands import AdapterClient, ShardedAdapterClient
from bot.app import build_runtime
from bot.config import Settings
from bot.runner import build_adapters
from memory_core.clock import ManualClock
from tests.factories import START
from tests.fakes.discord_fakes import APP_ID, DiscordRecorder, FakeGateway, FakeHandler


def settings(**kw: object) -> Settings:
    return Settings(_env_file=None, embedder="none", DISCORD_BOT_TOKEN="tok", **kw)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("3", (3,)), ("0,2", (0, 2)), ("4-6, 1", (1, 4, 5, 6)), (" 0 - 1 ", (0, 1))],
)
def test_shard_ids_read_lists_and_ranges(ids: str, expected: tuple[int, ...]) -> None:
    found = settings(discord_shards=8, discord_shard_ids=ids).platforms.discord  # type: ignore[attr-defined]
    assert found.shard_list == expected


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"discord_shard_ids": "0"}, "needs MEMBOT_DISCORD_SHARDS"),
        ({"discord_shards": 2, "discord_shard_ids": "1,2"}, "out of range"),
        ({"discord_shards": 4, "discord_shard_ids": "0,0-1"}, "repeat"),
        ({"discord_shards": 4, "discord_shard_ids": "one"}, "bad shard id"),
        ({"discord_shards": 4, "discord_shard_ids": "3-1"}, "bad shard range"),
        ({"discord_shards": 0}, "greater than or equal to 1"),
    ],
)
def test_bad_shard_settings_are_refused_with_the_reason(
    kw: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        settings(**kw)


def test_the_runner_builds_one_client_per_process_share(tmp_path: Path) -> None:
    cases = [
        ({}, AdapterClient, None, None, True),
        ({"discord_shards": 4, "discord_shard_ids": "0"}, AdapterClient, 0, 4, True),
        ({"discord_shards": 4, "discord_shard_ids": "2"}, AdapterClient, 2, 4, False),
        ({"discord_shards": 4, "discord_shard_ids": "2-3"}, ShardedAdapterClient, None, 4, False),
        ({"discord_shards": 4}, ShardedAdapterClient, None, 4, True),
    ]
    for i, (kw, kind, shard_id, count, syncs) in enumerate(cases):
        s = settings(**kw)
        runtime = build_runtime(s, db=tmp_path / f"{i}.db", clock=ManualClock(START))
        try:
            (adapter,) = build_adapters(s, runtime, ["discord"])
            assert isinstance(adapter, DiscordAdapter)
            client = adapter.client
            assert type(client) is kind, kw
            assert client.shard_count == count, kw
            if isinstance(client, ShardedAdapterClient):
                assert client.shard_ids == list(s.platforms.discord.shard_list or range(4)), kw
            else:
                assert client.shard_id == shard_id, kw
            assert adapter.config.syncs_commands is syncs, kw
        finally:
            runtime.memory.close()


async def _started(config: DiscordConfig) -> tuple[DiscordAdapter, DiscordRecorder, FakeGateway]:
    adapter = DiscordAdapter(FakeHandler(), config)
    http = DiscordRecorder(adapter.client)
    http.install()
    gateway = FakeGateway()
    adapter.client.http.ws_connect = gateway.ws_connect  # type: ignore[method-assign,assignment]

    async def no_pause(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s between identifies (the gateway's rate): not here."""

    adapter.client.before_identify_hook = no_pause  # type: ignore[method-assign,assignment]
    await adapter.start()
    return adapter, http, gateway


async def test_a_process_running_two_shards_identifies_each_and_leaves_sync_to_shard_0() -> None:
    adapter, http, gateway = await _started(
        DiscordConfig(token="t", shard_count=4, shard_ids=(1, 3))
    )
    try:
        await gateway.wait_for_identifies(2)
        assert sorted(gateway.identified) == [[1, 4], [3, 4]]  # type: ignore[type-var]
        assert not http.where("PUT", rf"/applications/{APP_ID}/commands")
        assert adapter.health.failure is None
    finally:
        await adapter.stop()
        http.uninstall()
    assert all(s.closed for s in gateway.sockets)


async def test_the_process_with_shard_0_syncs_the_commands_once() -> None:
    adapter, http, gateway = await _started(DiscordConfig(token="t", shard_count=2, shard_ids=(0,)))
    try:
        await gateway.wait_for_identifies(1)
        assert gateway.identified == [[0, 2]]
        (sync,) = http.where("PUT", rf"/applications/{APP_ID}/commands")
        assert len(sync.json) == 18
    finally:
        await adapter.stop()
        http.uninstall()


async def test_unsharded_identify_carries_no_shard() -> None:
    adapter, http, gateway = await _started(DiscordConfig(token="t"))
    try:
        await gateway.wait_for_identifies(1)
        assert gateway.identified == [None]
    finally:
        await adapter.stop()
        http.uninstall()
