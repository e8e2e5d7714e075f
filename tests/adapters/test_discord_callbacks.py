"""Discord slash-command and button callbacks called directly with fake interactions."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import structlog
from discord import app_commands

from adapters.discord import DiscordAdapter, DiscordConfig
from adapters.discord.adapter import SORRY
from adapters.discord.commands import PressButton, build_view
from adapters.discord.translate import TOO_BIG
from adapters.types import Button, Document, PressResult, Reply
from tests.fakes.discord_fakes import (
    ALICE,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    FakeAttachment,
    FakeHandler,
    FakeInteraction,
    FakeUser,
)

ALICE_USER = FakeUser(ALICE, "Alice")
COMMANDS = {
    "remember": {"text": 3},
    "forget": {"what": 3},
    "profile": {},
    "memories": {"search": 3},
    "why": {"topic": 3},
    "undo": {},
    "restore": {"memory": 3},
    "export": {},
    "import": {"file": 11},
    "pause": {},
    "resume": {},
    "new": {},
    "forgetme": {},
    "link": {"code": 3},
    "unlink": {},
    "groupmemory": {"action": 3},
    "help": {},
    "reflections": {"state": 3},
}


def _adapter(handler: FakeHandler, **kw: Any) -> DiscordAdapter:
    return DiscordAdapter(handler, DiscordConfig(token="test-token"), **kw)


async def _slash(adapter: DiscordAdapter, name: str, interaction: Any, **options: Any) -> None:
    command = adapter.tree.get_command(name)
    assert isinstance(command, app_commands.Command)
    await command.callback(interaction, **options)  # type: ignore[arg-type, call-arg]


def test_every_bot_command_is_a_slash_command_with_description_and_typed_options() -> None:
    adapter = _adapter(FakeHandler())
    found = {}
    for command in adapter.tree.get_commands():
        data = command.to_dict(adapter.tree)
        assert 0 < len(data["description"]) <= 100
        found[data["name"]] = {o["name"]: o["type"] for o in data["options"]}
        for option in data["options"]:
            assert option["description"]
    assert found == COMMANDS
    state = adapter.tree.get_command("reflections").to_dict(adapter.tree)["options"][0]  # type: ignore[union-attr]
    assert [c["value"] for c in state["choices"]] == ["on", "off"]
    required = {
        o["name"]: o.get("required", False)
        for c in adapter.tree.get_commands()
        for o in c.to_dict(adapter.tree)["options"]
    }
    assert required == {
        "text": True,
        "what": True,
        "search": False,
        "topic": True,
        "file": True,
        "state": True,
        "memory": True,
        "code": False,
        "action": False,
    }


async def test_slash_command_reaches_the_bot_as_command_text_and_answers_ephemerally() -> None:
    handler = FakeHandler([Reply("Got it — I'll remember: tea (#1)")])
    adapter = _adapter(handler)
    interaction = FakeInteraction(ALICE_USER)
    await _slash(adapter, "remember", interaction, text="I like  tea")
    (msg,) = handler.messages
    assert msg.text == "/remember I like tea"
    assert (msg.platform, msg.user_id, msg.chat_id) == ("discord", str(ALICE), str(CHANNEL_ID))
    assert msg.is_private and msg.addressed  # the answer is seen by Alice alone
    assert msg.message_id == str(interaction.id)
    (sent,) = interaction.sent
    assert (sent.kind, sent.content, sent.ephemeral) == (
        "response",
        "Got it — I'll remember: tea (#1)",
        True,
    )
    assert sent.kwargs["allowed_mentions"].to_dict()["parse"] == []


async def test_slash_command_in_a_dm_is_an_ordinary_message() -> None:
    handler = FakeHandler([Reply("Paused.")])
    interaction = FakeInteraction(ALICE_USER, guild_id=None, channel_id=DM_CHANNEL_ID)
    await _slash(_adapter(handler), "pause", interaction)
    assert handler.messages[0].text == "/pause"
    assert [(s.kind, s.ephemeral) for s in interaction.sent] == [("response", False)]


async def test_optional_and_choice_options() -> None:
    handler = FakeHandler()
    adapter = _adapter(handler)
    await _slash(adapter, "memories", FakeInteraction(ALICE_USER))
    await _slash(adapter, "memories", FakeInteraction(ALICE_USER), search="tea")
    await _slash(adapter, "reflections", FakeInteraction(ALICE_USER), state="off")
    assert [m.text for m in handler.messages] == ["/memories", "/memories tea", "/reflections off"]


async def test_slow_command_is_deferred_then_followed_up() -> None:
    handler = FakeHandler([Reply("first"), Reply("second")], delay=0.2)
    interaction = FakeInteraction(ALICE_USER)
    await _slash(_adapter(handler, defer_after=0.01), "profile", interaction)
    assert interaction.kinds() == ["defer", "followup", "followup"]
    assert interaction.sent[0].kwargs == {"ephemeral": True, "thinking": True}
    assert [s.content for s in interaction.sent[1:]] == ["first", "second"]
    assert all(s.ephemeral for s in interaction.sent[1:])


async def test_import_refuses_a_file_over_1_mb_before_downloading() -> None:
    handler = FakeHandler()
    file = FakeAttachment("MEMORY.md", b"x", size=1_000_001)
    interaction = FakeInteraction(ALICE_USER)
    await _slash(_adapter(handler), "import", interaction, file=file)
    assert file.reads == 0 and handler.messages == []
    assert [(s.content, s.ephemeral) for s in interaction.sent] == [(TOO_BIG, True)]


async def test_import_hands_the_file_to_the_bot() -> None:
    handler = FakeHandler([Reply("Apply these changes?")])
    file = FakeAttachment("MEMORY.md", b"# Memory\n- likes tea\n")
    await _slash(_adapter(handler), "import", FakeInteraction(ALICE_USER), file=file)
    (msg,) = handler.messages
    assert msg.text == "/import"
    assert msg.attachment is not None
    assert (msg.attachment.filename, msg.attachment.content) == (
        "MEMORY.md",
        b"# Memory\n- likes tea\n",
    )
    assert file.reads == 1


async def test_a_2500_character_reply_is_split_and_buttons_go_on_the_last_message() -> None:
    text = ("word " * 500).strip()
    button = Button("Cancel", "m1.x.0.-.1.owner1.signature0")
    handler = FakeHandler([Reply(text, buttons=((button,),))])
    interaction = FakeInteraction(ALICE_USER)
    await _slash(_adapter(handler), "memories", interaction)
    assert interaction.kinds() == ["response", "followup"]
    assert all(len(s.content or "") <= 2000 for s in interaction.sent)
    assert " ".join(s.content or "" for s in interaction.sent) == text
    assert "view" not in interaction.sent[0].kwargs
    view = interaction.sent[1].kwargs["view"]
    assert [item.custom_id for item in view.children] == ["mb:" + button.data]


async def test_document_reply_is_sent_as_a_file() -> None:
    handler = FakeHandler([Reply("Your memory", document=Document("MEMORY.md", b"# hi"))])
    interaction = FakeInteraction(ALICE_USER)
    await _slash(_adapter(handler), "export", interaction)
    (sent,) = interaction.sent
    file = sent.kwargs["file"]
    assert isinstance(file, discord.File)
    assert file.filename == "MEMORY.md" and file.fp.read() == b"# hi"


async def test_command_error_is_caught_logged_with_context_and_answered_briefly() -> None:
    handler = FakeHandler(error=RuntimeError("database on fire"))
    interaction = FakeInteraction(ALICE_USER)
    with structlog.testing.capture_logs(
        processors=[structlog.contextvars.merge_contextvars]
    ) as logs:
        await _slash(_adapter(handler), "profile", interaction)
    assert [(s.content, s.ephemeral) for s in interaction.sent] == [(SORRY, True)]
    (event,) = [e for e in logs if e["event"] == "discord_interaction_failed"]
    assert event["error_type"] == "RuntimeError"
    assert event["platform"] == "discord"
    assert event["user_id"] == str(ALICE)
    assert event["interaction_id"] == str(interaction.id)
    assert event["command"] == "profile"
    assert "database on fire" not in SORRY


async def test_tree_errors_reach_the_same_handler() -> None:
    adapter = _adapter(FakeHandler())
    interaction = FakeInteraction(ALICE_USER)
    await adapter.tree.on_error(interaction, app_commands.AppCommandError("stale command"))  # type: ignore[arg-type]
    assert [(s.content, s.ephemeral) for s in interaction.sent] == [(SORRY, True)]


def test_views_are_persistent_with_stable_custom_ids() -> None:
    rows = (
        (Button("Paris", "m1.c.1.update.7.own.sig"), Button("Berlin", "m1.c.1.keep.7.own.sig")),
    )
    view = build_view(rows)
    assert view is not None
    assert view.timeout is None and view.is_persistent()
    assert [(i.custom_id, i.item.label) for i in view.children] == [  # type: ignore[attr-defined]
        ("mb:m1.c.1.update.7.own.sig", "Paris"),
        ("mb:m1.c.1.keep.7.own.sig", "Berlin"),
    ]
    assert build_view(()) is None
    again = build_view(rows)
    assert again is not None
    assert [i.custom_id for i in again.children] == [i.custom_id for i in view.children]  # type: ignore[attr-defined]


def _press(adapter: DiscordAdapter, user: FakeUser = ALICE_USER, **kw: Any) -> FakeInteraction:
    return FakeInteraction(user, client=adapter.client, message_id=1234, **kw)


async def test_owner_press_edits_the_message_and_removes_the_buttons() -> None:
    handler = FakeHandler(result=PressResult("Done", edit="Updated: The user lives in Paris."))
    adapter = _adapter(handler)
    interaction = _press(adapter)
    await PressButton("m1.c.1.update.7.own.sig", "Paris").callback(interaction)  # type: ignore[arg-type]
    (press,) = handler.presses
    assert press.data == "m1.c.1.update.7.own.sig"
    assert (press.user_id, press.message_id, press.platform) == (str(ALICE), "1234", "discord")
    (sent,) = interaction.sent
    assert sent.kind == "edit" and sent.content == "Updated: The user lives in Paris."
    assert sent.kwargs["view"] is None


async def test_refused_press_is_answered_only_to_the_presser_and_nothing_is_edited() -> None:
    handler = FakeHandler(result=PressResult("This isn't yours."))
    adapter = _adapter(handler)
    bob = FakeUser(2, "Bob")
    interaction = _press(adapter, bob)
    await PressButton("m1.c.1.update.7.own.sig", "Paris").callback(interaction)  # type: ignore[arg-type]
    assert [(s.kind, s.content, s.ephemeral) for s in interaction.sent] == [
        ("response", "This isn't yours.", True)
    ]


async def test_slow_press_is_deferred_then_the_original_edited() -> None:
    handler = FakeHandler(result=PressResult("Deleted", edit="Done — deleted."), delay=0.2)
    adapter = _adapter(handler, defer_after=0.01)
    interaction = _press(adapter)
    await PressButton("m1.fm.0.-.1.own.sig", "Yes").callback(interaction)  # type: ignore[arg-type]
    assert interaction.kinds() == ["defer", "edit_original"]
    assert interaction.sent[1].kwargs["view"] is None


async def test_press_with_only_followups_acknowledges_and_sends_them() -> None:
    page = Reply("#11 likes tea")
    handler = FakeHandler(result=PressResult("", followups=(page,)))
    adapter = _adapter(handler)
    interaction = _press(adapter)
    await PressButton("m1.p.10.-.1.own.sig", "More").callback(interaction)  # type: ignore[arg-type]
    assert interaction.kinds() == ["defer", "followup"]
    assert interaction.sent[1].content == "#11 likes tea" and interaction.sent[1].ephemeral


async def test_press_error_is_caught_by_the_one_handler() -> None:
    adapter = _adapter(FakeHandler(error=ValueError("boom")))
    interaction = _press(adapter)
    with structlog.testing.capture_logs() as logs:
        await PressButton("m1.x.0.-.1.own.sig", "Cancel").callback(interaction)  # type: ignore[arg-type]
    assert [(s.content, s.ephemeral) for s in interaction.sent] == [(SORRY, True)]
    assert any(e["event"] == "discord_interaction_failed" for e in logs)


@pytest.mark.parametrize("done", [False, True])
async def test_error_after_responding_goes_to_a_followup(done: bool) -> None:
    adapter = _adapter(FakeHandler())
    interaction = FakeInteraction(ALICE_USER)
    if done:
        await interaction.response.defer()
    await adapter.report_error(interaction, RuntimeError("late"))  # type: ignore[arg-type]
    assert interaction.sent[-1].kind == ("followup" if done else "response")
    assert interaction.sent[-1].ephemeral


class _Member:
    """A server member with the permissions a group's admin check reads."""

    def __init__(self, uid: int, name: str, *, admin: bool) -> None:
        self.id = uid
        self.display_name = name
        self.guild_permissions = discord.Permissions(manage_guild=admin)


@pytest.mark.parametrize("admin", [True, False])
async def test_groupmemory_in_a_server_is_about_the_channel_with_the_callers_permissions(
    admin: bool,
) -> None:
    handler = FakeHandler([Reply("What this group asked me to keep: …")])
    interaction = FakeInteraction(_Member(ALICE, "Alice", admin=admin))  # type: ignore[arg-type]
    await _slash(_adapter(handler), "groupmemory", interaction, action="forget 3")
    (msg,) = handler.messages
    assert msg.text == "/groupmemory forget 3" and msg.chat_id == str(CHANNEL_ID)
    assert not msg.is_private  # the channel's group memory, not Alice's own
    assert msg.is_admin is not None and await msg.is_admin() is admin
    assert [s.ephemeral for s in interaction.sent] == [True]  # still seen by Alice alone


async def test_groupmemory_in_a_dm_is_a_private_message() -> None:
    handler = FakeHandler([Reply("The group memory lives in group chats")])
    interaction = FakeInteraction(ALICE_USER, guild_id=None, channel_id=DM_CHANNEL_ID)
    await _slash(_adapter(handler), "groupmemory", interaction)
    assert handler.messages[0].is_private and handler.messages[0].is_admin is None
