"""``membot eval …``: retrieval and scenario evaluations."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, get_args

import typer
from rich.console import Console

from bot.cli.common import console, err_console, fail, figures_settings, run
from bot.cli.options import JsonOpt, check_db
from bot.cli.progress import progress

if TYPE_CHECKING:
    from bot.config import Settings
    from memory_core import Memory, evaluation
    from memory_core.clock import ManualClock
    from memory_core.evaluation import SuiteReport
    from memory_core.values import SearchMode

#: The retrieval evals' shared options (``eval locomo``, ``eval haystack``).
ModeOpt = Annotated[str, typer.Option(help="lexical | vector | hybrid | all")]
CutoffsOpt = Annotated[str, typer.Option("--k", help="comma-separated cut-offs")]
PlotOpt = Annotated[
    Path | None, typer.Option("--plot", help="draw recall@k per mode into this PNG")
]
FusionOpt = Annotated[str | None, typer.Option(help="weighted | rrf (default: MEMBOT_FUSION)")]

eval_cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="Evaluations (LoCoMo retrieval, scenarios, extraction).",
    no_args_is_help=True,
)
#: Wide enough for the longest scenario name and every column, even when piped (80 columns).
_TABLE_WIDTH = 120


@eval_cli.command("extraction", short_help="Extractor coverage and precision.")
def eval_extraction(
    data: Annotated[
        Path,
        typer.Option("--data", help="MSC persona sentences (msc_personas_dev.json)"),
    ] = Path("../shared/data/msc/msc_personas_dev.json"),
    as_json: JsonOpt = False,
) -> None:
    """Coverage of the configured extractor on persona sentences (tune and held-out parts,
    split by a hash of each sentence) and precision on the committed hand labels."""
    from bot import app as composition
    from memory_core import evaluation
    from memory_core.errors import MemoryCoreError

    if not data.is_file():
        raise fail(f"no persona file at {data}", 2)
    extractor, _auditor, _responder = composition.build_learning(figures_settings())
    try:
        with progress("sentences", quiet=as_json) as step:
            result = run(evaluation.run_extraction_eval(data, extractor, progress=step))
    except MemoryCoreError as exc:  # the model is down: no figures, rather than wrong ones
        raise fail(f"the extractor failed: {exc}", 1) from exc
    if as_json:
        typer.echo(json.dumps(result.as_json()))
        return
    for line in result.lines():
        console.print(line, markup=False, highlight=False)


@eval_cli.command("answers", short_help="Answer-or-abstain by meaning, five languages.")
def eval_answers(
    data: Annotated[
        Path,
        typer.Option("--data", help="MSC persona sentences (msc_personas_dev.json)"),
    ] = Path("../shared/data/msc/msc_personas_dev.json"),
    users: Annotated[
        int, typer.Option("--users", min=1, help="personas of each split (tune, held-out)")
    ] = 150,
    only: Annotated[
        str | None,
        typer.Option(
            "--only",
            help="'same-language': only the German/Spanish/French/Russian personas, "
            "shipped thresholds (no tuning)",
        ),
    ] = None,
    questions: Annotated[
        Path | None,
        typer.Option(
            "--questions",
            help="write each tune question's outcome and the stage that lost it here (JSON "
            "lines; English and same-language; read them with devtools.answer_losses)",
        ),
    ] = None,
    shipped: Annotated[
        bool,
        typer.Option(
            "--shipped",
            help="no tuning: every split scored with the shipped thresholds only (the tuning "
            "grid is most of the time under load)",
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Answer or abstain by meaning: questions in four languages about MSC personas' facts
    (and ones their facts cannot answer); thresholds tuned on the train personas and even
    wordings, reported on the valid personas and odd wordings."""
    import asyncio

    from rich.table import Table

    from bot import app as composition
    from memory_core import evaluation

    if not data.is_file():
        raise fail(f"no persona file at {data}", 2)
    if only not in (None, "same-language"):
        raise fail("--only takes 'same-language'", 2)
    settings = figures_settings()
    extractor, _auditor, _responder = composition.build_learning(settings)
    embedder = composition.build_embedder(settings)
    if embedder is None:
        raise fail("answering by meaning needs the embedder (MEMBOT_EMBEDDER)", 2)
    with progress("answers", quiet=as_json) as reporter:

        def step(phase: str, done: int, total: int) -> None:
            reporter.update(done, total, phase)

        report = asyncio.run(
            evaluation.run_answers_eval(
                extractor,
                embedder,
                path=data,
                users=users,
                progress=step,
                same_language_only=only is not None,
                questions=questions,
                shipped_only=shipped,
            )
        )
    if as_json:
        typer.echo(json.dumps(report.as_json()))
        return
    table = Table(
        "thresholds",
        "split",
        "answerable",
        "precision",
        "recall",
        "abstention",
        "search hit@1",
        "recall by language",
    )
    rows = (
        []
        if report.same_only
        else [
            ("default", "tune", report.default_tune),
            ("default", "held-out", report.default_heldout),
            ("tuned", "tune", report.tuned_tune),
            ("tuned", "held-out", report.tuned_heldout),
            ("lexical only", "held-out", report.lexical_heldout),
            ("tuned, vector only", "held-out", report.vector_heldout),
            ("default", "fresh wordings (held-out)", report.default_fresh),
            ("tuned", "fresh wordings (held-out)", report.fresh_heldout),
            ("default", "unseen wordings (held-out)", report.default_unseen),
            ("tuned", "unseen wordings (held-out)", report.unseen_heldout),
        ]
    )
    for part, (default, tuned) in report.same.items():
        split = f"same-language {part.replace('_', ' ')}"
        rows += [("default", split, default)]
        if not report.same_only:
            rows += [("tuned", split, tuned)]
    for name, split, sc in rows:
        langs = ", ".join(f"{k} {r / n:.2f}" for k, (r, n) in sorted(sc.by_lang.items()) if n)
        table.add_row(
            name,
            split,
            str(sc.answerable),
            f"{sc.precision:.3f}",
            f"{sc.recall:.3f}",
            f"{sc.abstention:.3f}",
            f"{sc.first_right / sc.answerable:.3f}" if sc.answerable else "-",
            langs,
        )
    Console(width=_TABLE_WIDTH).print(table)
    if report.same_only:
        return
    t = report.tuned
    console.print(
        f"tuned on the tune split: min_margin {t.min_margin}, min_cosine {t.min_cosine}, "
        f"min_probability {t.min_probability}, weights {t.weights} "
        "(memory_core.read.answer.AnswerConfig holds the defaults)",
        markup=False,
    )


@eval_cli.command("life", short_help="Scripted users over 60 simulated days.")
def eval_life(
    data: Annotated[
        Path,
        typer.Option("--data", help="MSC persona sentences (msc_personas_dev.json)"),
    ] = Path("../shared/data/msc/msc_personas_dev.json"),
    users: Annotated[int, typer.Option("--users", min=1, help="users of each split")] = 10,
    facts: Annotated[
        int, typer.Option("--facts", min=1, max=14, help="facts each user tells on day 0")
    ] = 6,
    as_json: JsonOpt = False,
) -> None:
    """Scripted users over 60 simulated days on the real bot (every nightly job running):
    facts told on day 0, small talk on days 3 and 20, /profile and questions in paraphrase
    in five languages on day 60; answered, kept, "still true?" questions, reply language."""
    import asyncio

    from rich.table import Table

    from bot.cli.life import life_bot
    from bot.slots import slot_words
    from memory_core import evaluation

    if not data.is_file():
        raise fail(f"no persona file at {data}", 2)
    settings = figures_settings()
    with progress("life", quiet=as_json) as reporter:

        def step(phase: str, done: int, total: int) -> None:
            reporter.update(done, total, phase)

        report = asyncio.run(
            evaluation.run_life(
                lambda _split: life_bot(settings),
                path=data,
                users=users,
                facts_per_user=facts,
                progress=step,
                phrasing=slot_words,
            )
        )
    if as_json:
        typer.echo(json.dumps(report.as_json(), ensure_ascii=False))
        return
    table = Table(
        "split",
        "users",
        "answered",
        "kept (/profile)",
        "answered of kept",
        "still true?",
        "about name",
        "reply language",
        "answered by language",
    )
    for name, sc in (("tune", report.tune), ("held-out", report.heldout)):
        row = sc.as_json()
        table.add_row(
            name,
            str(sc.users),
            row["answered"],
            row["kept"],
            row["answered_of_kept"],
            str(sc.still_true),
            str(sc.still_true_about_name),
            row["replies_in_language"],
            ", ".join(f"{k} {v}" for k, v in row["answered_by_language"].items()),
        )
    Console(width=_TABLE_WIDTH).print(table)


@eval_cli.command("walk", short_help="Blind scripted users over 60 days, five languages.")
def eval_walk(
    script: Annotated[
        Path | None,
        typer.Option("--script", help="other users to walk (the blind scripts' JSON format)"),
    ] = None,
    transcript: Annotated[
        Path | None,
        typer.Option("--transcript", help="write every message and reply here (JSON lines)"),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The blind walk of the 60-day loop (hand-written users in English, German, Spanish,
    French and Russian, never tuned on): facts told on day 0, small talk on days 3 and 20,
    /profile and questions in other words on day 60, every nightly job running; answered,
    kept, acknowledged, "still true?" questions, reply language, and every failure.
    ``--script`` walks other users written the same way (e.g. a tester's own, kept elsewhere, or
    ``labels/walk_blind2.json``, the second blind walk shipped with membot; a script may tell
    facts on later days, correct them, and ask on another day than 60 — see
    ``labels/walk_blind5.json``)."""
    import asyncio

    from bot.cli.life import life_bot
    from memory_core import evaluation
    from memory_core.evaluation import BLIND_WALK, walk_script_path

    if script is not None:
        script = walk_script_path(script)
    if script is not None and not script.is_file():
        raise fail(f"no walk script at {script}", 2)
    settings = figures_settings()
    with progress("walk", quiet=as_json) as reporter:

        def step(phase: str, done: int, total: int) -> None:
            reporter.update(done, total, phase)

        score = asyncio.run(
            evaluation.run_walk(
                lambda: life_bot(settings), path=script or BLIND_WALK, progress=step
            )
        )
    row = score.as_json()
    if transcript:
        lines = (
            json.dumps({"user": u, "day": d, "said": m, "replies": r}, ensure_ascii=False)
            for u, d, m, r in score.transcript
        )
        transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(row, ensure_ascii=False))
        return
    console.print(
        f"answered {row['answered']}, kept {row['kept']}, acknowledged {row['acknowledged']} "
        f"(+ {row['acknowledged_privately']} privately), answered right after "
        f"{row['answered_right_after']}, "
        f"replies in language {row['replies_in_language']}, "
        f"'what do you know about me' names {row['overview']}, still true? "
        f"{row['still_true_questions']} (about the name {row['still_true_about_name']})",
        markup=False,
        highlight=False,
    )
    for lang, figures in row["by_language"].items():
        console.print(
            f"  {lang}: " + ", ".join(f"{k} {v}" for k, v in figures.items()),
            markup=False,
            highlight=False,
        )
    titles = ("misses", "lost", "unacknowledged", "missed_right_after", "other_language")
    for title in (*titles, "still_true"):
        for line in row[title]:
            console.print(f"{title}: {line}", markup=False, highlight=False)


@eval_cli.command("statements", short_help="Statements in de/es/fr/ru: slots, answers.")
def eval_statements(
    sets: Annotated[
        list[Path] | None,
        typer.Option(
            "--set",
            help="score this labelled set instead of the shipped two (repeatable), e.g. "
            "memory_core/evaluation/labels/statements_blind9.jsonl",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Statements in German, Spanish, French and Russian (labelled sets shipped with membot,
    tune and held-out): the slots each fills, nothing lost, nothing across a clause, and the
    real bot's answer to the user's question about it, in the user's language."""
    import asyncio

    from bot import app as composition
    from bot.cli.life import life_bot
    from memory_core.evaluation.statements import run_statement_sets, run_statements

    settings = figures_settings()
    extractor, _auditor, _responder = composition.build_learning(settings)
    if sets:
        with progress("statements", quiet=as_json) as reporter:

            def set_step(phase: str, done: int, total: int) -> None:
                reporter.update(done, total, phase)

            scores = asyncio.run(
                run_statement_sets(
                    extractor, lambda _split: life_bot(settings), sets, progress=set_step
                )
            )
        if as_json:
            typer.echo(json.dumps({k: v.as_json() for k, v in scores.items()}, ensure_ascii=False))
            return
        for name, sc in scores.items():
            row = sc.as_json()
            console.print(
                f"{name}: facts {row.get('facts', row['slots'])}, wrong values "
                f"{row.get('wrong_values', 0)}, junk {row.get('junk', 0)}, wrong {row['wrong']}, "
                f"kept {row['kept']}, answered {row['answered']}",
                markup=False,
                highlight=False,
            )
            for line in row["misses"]:
                console.print(f"  {line}", markup=False, highlight=False)
        return
    with progress("statements", quiet=as_json) as reporter:

        def step(phase: str, done: int, total: int) -> None:
            reporter.update(done, total, phase)

        report = asyncio.run(
            run_statements(extractor, lambda _split: life_bot(settings), progress=step)
        )
    if as_json:
        typer.echo(json.dumps(report.as_json(), ensure_ascii=False))
        return
    for name, sc in (("tune", report.tune), ("held-out", report.heldout)):
        row = sc.as_json()
        langs = ", ".join(
            f"{k} slots {v['slots']} answered {v['answered']}"
            for k, v in row["by_language"].items()
        )
        console.print(
            f"{name}: slots {row['slots']}, wrong {row['wrong']}, kept {row['kept']}, "
            f"answered {row['answered']}, in language {row['in_language']} ({langs})",
            markup=False,
            highlight=False,
        )


@eval_cli.command("intros", short_help="Dense introductions and chat noise.")
def eval_intros(
    as_json: JsonOpt = False,
    show_blind: Annotated[
        bool, typer.Option("--show-blind", help="print the words of failing blind lines")
    ] = False,
) -> None:
    """Dense introductions and chat noise: lines that keep every fact they state, and junk
    facts stored from hyperbole, passing moments and greetings (labelled lines shipped with
    membot, tune and held-out parts). A failing blind line is named by its id and counts
    unless ``--show-blind`` (a blind line read is no longer blind)."""
    from bot import app as composition
    from memory_core import evaluation
    from memory_core.errors import MemoryCoreError

    extractor, _auditor, _responder = composition.build_learning(figures_settings())
    try:
        report = run(evaluation.run_intros_eval(extractor))
    except MemoryCoreError as exc:  # the model is down: no figures, rather than wrong ones
        raise fail(f"the extractor failed: {exc}", 1) from exc
    if as_json:
        typer.echo(json.dumps(report.as_json(blind_lines=show_blind), ensure_ascii=False))
        return
    for line in report.lines(blind_lines=show_blind):
        console.print(line, markup=False, highlight=False)


@eval_cli.command("sensitivity", short_help="Sensitivity classifier precision/recall.")
def eval_sensitivity(
    as_json: JsonOpt = False,
    rules_only: Annotated[
        bool,
        typer.Option(
            "--rules-only",
            help="the rules alone, without the embedder's second reader (as with no embedder)",
        ),
    ] = False,
) -> None:
    """Precision and recall of the sensitivity model (health, self-harm, finance, identity
    documents, credentials, sex life, religion, politics, union, criminal record, immigration)
    on the hand-labelled lists shipped with membot, per split (tune; test, held out from
    tuning; fresh, a batch written before the model was last tuned, all held out) and per
    category (``--json`` adds recall per area: mental health, pregnancy, debt). The model is
    the rules, then the linear reader over the configured embedder's vectors when the shipped
    weights fit that embedder."""
    from rich.table import Table

    from bot import app as composition
    from memory_core import evaluation

    rows = evaluation.load_sensitivity_labels()
    classify = None
    if not rules_only:
        model = evaluation.sensitivity_model(composition.build_embedder(figures_settings()))
        if model is not None:
            with progress("embedding", quiet=as_json) as step:
                step(0, 1)
                texts = [r.text for r in rows]
                topics = dict(zip(texts, model.topics(texts), strict=True))
                step(1, 1)
            classify = topics.__getitem__
        elif not as_json:
            console.print("no embedder fits the shipped weights: the rules alone", markup=False)
    report = evaluation.evaluate_sensitivity(rows, classify=classify)
    if as_json:
        typer.echo(json.dumps(report.as_dict()))
        return
    table = Table("split", "sentences", "precision", "recall", "per category (P / R)")
    for name, split in report.splits.items():
        per = ", ".join(
            f"{c.value} {s.precision:.2f}/{s.recall:.2f}" for c, s in split.by_category.items()
        )
        table.add_row(
            name,
            str(split.sentences),
            f"{split.sensitive.precision:.3f}",
            f"{split.sensitive.recall:.3f}",
            per,
        )
    Console(width=_TABLE_WIDTH).print(table)


@eval_cli.command("scenarios", short_help="Scripted conversations, scored.")
def eval_scenarios(
    as_json: JsonOpt = False,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="run only this scenario (repeatable)")
    ] = None,
    vectors: Annotated[
        bool,
        typer.Option(
            "--vectors/--no-vectors",
            help="embed facts with the configured embedder (as the bot does), or look up "
            "related facts lexically only (faster)",
        ),
    ] = True,
) -> None:
    """Play scripted conversations through the learning pipeline and score what it remembers.

    Offline rules unless ANTHROPIC_API_KEY is set. Exits 0 either way; the last line says
    whether the targets are met.
    """
    from bot import app as composition
    from memory_core.errors import InvalidInputError
    from memory_core.evaluation import run_suite, select_scenarios

    settings = figures_settings()
    try:
        chosen = select_scenarios(only or ())
    except InvalidInputError as exc:
        raise typer.BadParameter(str(exc), param_hint="--only") from exc
    extractor, auditor, _responder = composition.build_learning(settings)
    embedder = composition.build_embedder(settings) if vectors else None
    with progress("scenarios", quiet=as_json) as step:
        report = run(
            run_suite(
                extractor,
                auditor,
                embedder=embedder,
                scenarios=chosen,
                progress=lambda done, total, _name: step(done, total),
            )
        )
    if as_json:
        typer.echo(json.dumps(report.as_json()))
        return
    _print_report(report)


def _count(n: int) -> str:
    return "[dim]0[/dim]" if n == 0 else f"[red]{n}[/red]"


def _print_report(report: SuiteReport) -> None:
    """One row per scenario, a totals row, the problems of failed scenarios, the verdict."""
    from rich.table import Table

    totals = report.totals()
    table = Table(
        title=f"membot eval scenarios ({report.extractor}, {report.auditor}, "
        f"embedder: {report.embedder or 'none'})"
    )
    table.add_column("scenario", no_wrap=True)
    for column in ("facts", "wrong", "stale", "false", "dup", "ephem", "secret", "x-user"):
        table.add_column(column, justify="right")
    table.add_column("asked", justify="right")
    table.add_column("ok", justify="center")
    for r in report.results:
        table.add_row(
            r.name,
            f"{r.facts_found}/{r.facts_expected}",
            _count(len(r.wrong_overwrites)),
            _count(len(r.stale_facts)),
            _count(len(r.false_facts)),
            _count(len(r.duplicates)),
            _count(len(r.ephemeral_leaks)),
            _count(len(r.sensitive_leaks)),
            _count(len(r.cross_user_leaks)),
            f"{r.pending_raised}/{r.pending_expected}",
            "[green]✓[/green]" if r.passed else "[red]✗[/red]",
        )
    table.add_section()
    table.add_row(
        f"total: {totals['passed']}/{totals['scenarios']} passed",
        f"{totals['facts_found']}/{totals['facts_expected']}",
        *(
            _count(totals[k])
            for k in (
                "wrong_overwrites",
                "stale_facts",
                "false_facts",
                "duplicates",
                "ephemeral_leaks",
                "sensitive_leaks",
                "cross_user_leaks",
            )
        ),
        f"{totals['pending_raised']}/{totals['pending_expected']}",
        "",
    )
    out = console if console.is_terminal else Console(width=_TABLE_WIDTH)
    out.print(table)
    for r in report.results:
        if r.passed:
            continue
        out.print(f"[bold]{r.name}[/bold]")
        for kind, labels in r.as_json()["problems"].items():
            for label in labels:
                out.print(f"  {kind}: {label}", markup=False, highlight=False)
        if r.pending_raised != r.pending_expected:
            out.print(f"  asked {r.pending_raised} confirmation(s), expected {r.pending_expected}")
    met = totals["targets"]["met"]
    verdict = "[green]targets met[/green]" if totals["targets_met"] else "[red]targets missed[/red]"
    out.print(
        f"{verdict}: facts found {totals['facts_found_ratio']:.1%} (≥ 90%: "
        f"{'yes' if met['facts_found'] else 'no'}), wrong overwrites {totals['wrong_overwrites']} "
        f"(0: {'yes' if met['wrong_overwrites'] else 'no'}), cross-user leaks "
        f"{totals['cross_user_leaks']} (0: {'yes' if met['cross_user_leaks'] else 'no'}) "
        f"— {totals['seconds']:.1f} s"
    )


# ---- LoCoMo ------------------------------------------------------------------------------------


def _parse_ks(raw: str) -> tuple[int, ...]:
    try:
        ks = tuple(sorted({int(part) for part in raw.split(",") if part.strip()}))
    except ValueError as exc:
        raise typer.BadParameter("k must be comma-separated integers, e.g. 5,10,25") from exc
    if not ks or ks[0] < 1 or ks[-1] > 200:
        raise typer.BadParameter("every k must be between 1 and 200")
    return ks


def _parse_modes(raw: str) -> tuple[SearchMode, ...]:
    from memory_core.values import SearchMode

    known: tuple[SearchMode, ...] = get_args(SearchMode)
    if raw == "all":
        return known
    if raw not in known:
        raise typer.BadParameter("mode must be lexical, vector, hybrid or all")
    return (raw,)


@contextmanager
def _database(db: str | None) -> Iterator[Path | str]:
    """The given database (a file or a PostgreSQL URL), or a file in a temporary folder
    removed afterwards."""
    if db is not None:
        from bot.config import db_target

        yield db_target(db)
        return
    with tempfile.TemporaryDirectory(prefix="membot-locomo-") as tmp:
        yield Path(tmp) / "locomo.db"


@eval_cli.command("locomo", short_help="Retrieval recall@k on LoCoMo.")
def eval_locomo(
    data: Annotated[
        Path,
        typer.Option(
            "--data",
            exists=True,
            dir_okay=False,
            help="LoCoMo JSON file, e.g. ../shared/data/locomo/locomo_dev.json",
        ),
    ],
    mode: ModeOpt = "all",
    k: CutoffsOpt = "5,10,25",
    as_json: JsonOpt = False,
    plot: PlotOpt = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            callback=check_db,
            help="SQLite file or postgresql:// URL to ingest into; conversations already in "
            "it are reused (default: a temporary file)",
        ),
    ] = None,
    fusion: FusionOpt = None,
    sample: Annotated[
        list[str] | None, typer.Option("--sample", help="only this sample_id (repeatable)")
    ] = None,
    sessions: Annotated[
        int | None, typer.Option(min=1, help="only the first N sessions of each conversation")
    ] = None,
    questions: Annotated[
        int | None, typer.Option(min=1, help="only the first N scored questions of each")
    ] = None,
    leave_one_out: Annotated[
        bool,
        typer.Option(
            "--leave-one-out/--no-leave-one-out",
            help="also score each conversation with the episode-search parameters tuned on "
            "the others (needs two conversations or more)",
        ),
    ] = True,
) -> None:
    """Turn-level retrieval on LoCoMo: fraction of evidence turns in the top k, per mode.

    Each conversation is ingested as one user's episodes; every question of categories 1-4
    with evidence is asked through the same search the bot uses (in-sample: the configured
    parameters). Leave-one-conversation-out tunes every episode-search parameter on the other
    conversations and scores the held-out one: the figure that predicts unseen conversations.
    """
    from memory_core import evaluation

    ks, modes = _parse_ks(k), _parse_modes(mode)
    if fusion not in (None, "weighted", "rrf"):
        raise typer.BadParameter("fusion must be weighted or rrf", param_hint="--fusion")
    settings = figures_settings(fusion=fusion)
    try:
        conversations = evaluation.load(
            data, samples=sample, max_sessions=sessions, max_questions=questions
        )
    except (ValueError, OSError) as exc:
        raise typer.BadParameter(f"cannot read {data}: {exc}", param_hint="--data") from exc
    if not conversations:
        raise typer.BadParameter("no conversation to evaluate", param_hint="--sample")
    _run_locomo(settings, conversations, modes, ks, db, leave_one_out, as_json, plot)


def _run_locomo(
    settings: Settings,
    conversations: list[evaluation.Conversation],
    modes: tuple[SearchMode, ...],
    ks: tuple[int, ...],
    db: str | None,
    leave_one_out: bool,
    as_json: bool,
    plot: Path | None,
    title: str = "LoCoMo",
) -> None:
    """Ingest (or reuse) the conversations in ``db``, score them, print or write the report."""
    from bot import app as composition
    from memory_core.clock import ManualClock

    clock = ManualClock()
    with _database(db) as path:
        memory = composition.open_memory(settings, path, clock=clock)
        try:
            if not memory.vectors_enabled and any(m != "lexical" for m in modes):
                err_console.print(
                    f"[yellow]warning:[/yellow] no vector search ({memory.vector_problem})"
                )
            report = _run_with_progress(
                memory, conversations, modes, ks, clock, leave_one_out=leave_one_out, quiet=as_json
            )
        finally:
            memory.close()
    if plot is not None:
        _plot(report, plot)
    if as_json:
        typer.echo(json.dumps(report.as_json()))
    else:
        _print_locomo(report, settings.fusion, title)


@eval_cli.command("haystack", short_help="Retrieval recall@k in ~48-session haystacks.")
def eval_haystack(
    data: Annotated[
        Path,
        typer.Option(
            "--data",
            exists=True,
            dir_okay=False,
            help="LoCoMo JSON file with two conversations or more, e.g. "
            "../shared/data/locomo/locomo_dev.json",
        ),
    ],
    sessions: Annotated[
        int, typer.Option(min=1, help="sessions per haystack (its own plus distractors)")
    ] = 48,
    mode: ModeOpt = "all",
    k: CutoffsOpt = "5,10,25",
    as_json: JsonOpt = False,
    plot: PlotOpt = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            callback=check_db,
            help="SQLite file or postgresql:// URL to ingest into; haystacks already in "
            "it are reused (default: a temporary file)",
        ),
    ] = None,
    fusion: FusionOpt = None,
    sample: Annotated[
        list[str] | None,
        typer.Option("--sample", help="only this conversation's haystack (repeatable)"),
    ] = None,
    questions: Annotated[
        int | None, typer.Option(min=1, help="only the first N scored questions of each")
    ] = None,
    first_person: Annotated[
        bool,
        typer.Option(
            "--first-person",
            help="ask each question naming one speaker as that speaker, in the first person "
            "('What did I research?'), as a user asks the bot",
        ),
    ] = False,
    leave_one_out: Annotated[
        bool,
        typer.Option(
            "--leave-one-out/--no-leave-one-out",
            help="also score each haystack with the episode-search parameters tuned on the others",
        ),
    ] = True,
) -> None:
    """Turn-level retrieval with each LoCoMo conversation hidden among distractor sessions.

    Each conversation's haystack is one user holding its sessions plus sessions of the other
    conversations (renamed to its speakers, dated between its own), ``--sessions`` in all;
    its questions are scored as in ``eval locomo``.
    """
    from memory_core import evaluation

    ks, modes = _parse_ks(k), _parse_modes(mode)
    if fusion not in (None, "weighted", "rrf"):
        raise typer.BadParameter("fusion must be weighted or rrf", param_hint="--fusion")
    settings = figures_settings(fusion=fusion)
    try:
        every = evaluation.load(data, max_questions=questions)
    except (ValueError, OSError) as exc:
        raise typer.BadParameter(f"cannot read {data}: {exc}", param_hint="--data") from exc
    if len(every) < 2:
        raise typer.BadParameter("a haystack needs two conversations or more", param_hint="--data")
    haystacks = [
        h
        for conv, h in zip(every, evaluation.haystacks(every, sessions=sessions), strict=True)
        if sample is None or conv.sample_id in sample
    ]
    if not haystacks:
        raise typer.BadParameter("no conversation to evaluate", param_hint="--sample")
    if first_person:
        haystacks = [evaluation.in_first_person(h) for h in haystacks]
    _run_locomo(
        settings, haystacks, modes, ks, db, leave_one_out, as_json, plot, f"Haystack {sessions}"
    )


def _run_with_progress(
    memory: Memory,
    conversations: list[evaluation.Conversation],
    modes: tuple[SearchMode, ...],
    ks: tuple[int, ...],
    clock: ManualClock,
    *,
    leave_one_out: bool,
    quiet: bool,
) -> evaluation.LocomoReport:
    """Run the evaluation with progress (stderr) for ingestion, the questions, then the
    leave-one-out folds."""
    from memory_core import evaluation

    labels = {
        "ingest": "ingesting (embedding turns)",
        "questions": "asking questions",
        "leave-one-out": "leave-one-out (tuning folds)",
    }
    with progress("locomo", quiet=quiet) as reporter:

        def step(phase: str, done: int, total: int) -> None:
            reporter.update(done, total, labels.get(phase, phase))

        return evaluation.run_locomo(
            memory,
            conversations,
            modes=modes,
            ks=ks,
            clock=clock,
            progress=step,
            leave_one_out=leave_one_out,
        )


def _print_locomo(report: evaluation.LocomoReport, fusion: str, title: str = "LoCoMo") -> None:
    """One block of rows per mode (overall, then each category): recall@k in-sample and, when
    it ran, leave-one-conversation-out beside it; then timings and what tuning chose."""
    from rich.table import Table

    from memory_core import evaluation

    loo = report.leave_one_out
    table = Table(
        title=f"{title} evidence recall@k ({', '.join(report.conversations)}; fusion {fusion})"
    )
    for column in ("mode", "category", "n"):
        table.add_column(column, justify="right" if column == "n" else "left")
    for kk in report.ks:
        table.add_column(f"@{kk}", justify="right")
        if loo is not None:
            table.add_column(f"@{kk} LOO", justify="right")
    for name, result in report.modes.items():
        doc = result.as_json()
        held = loo.modes[name].as_json() if loo is not None and name in loo.modes else None

        def cells(row: dict[str, object], loo_row: dict[str, object] | None) -> list[str]:
            out: list[str] = []
            for kk in report.ks:
                out.append(f"{row['recall'][str(kk)]:.3f}")  # type: ignore[index]
                if loo is not None:
                    value = loo_row["recall"][str(kk)] if loo_row else None  # type: ignore[index]
                    out.append("" if value is None else f"[bold]{value:.3f}[/bold]")
            return out

        table.add_row(name, "all", str(doc["n"]), *cells(doc, held))
        for cat, row in doc["by_category"].items():
            loo_row = held["by_category"].get(cat) if held else None
            table.add_row("", f"{cat} {row['name']}", str(row["n"]), *cells(row, loo_row))
        table.add_section()
    out = console if console.is_terminal else Console(width=_TABLE_WIDTH)
    out.print(table)
    latency = ", ".join(
        f"{name} p50 {ms['p50']:.1f} / p95 {ms['p95']:.1f} ms"
        for name, result in report.modes.items()
        if (ms := result.as_json().get("search_ms"))
    )
    if latency:
        out.print(f"search latency (in-sample, query embedding excluded): {latency}")
    times = ", ".join(f"{phase} {t:.0f} s" for phase, t in report.seconds.items())
    out.print(f"time: {times}", markup=False, highlight=False)
    if loo is None:
        return
    out.print(
        "LOO = leave one conversation out: each conversation scored with the episode-search "
        f"parameters tuned on the others ({', '.join(evaluation.TUNED)}; "
        f"{loo.evaluations} configurations scored in {loo.seconds:.0f} s)",
        markup=False,
        highlight=False,
    )
    for mode, chosen in loo.chosen_on_all.items():
        out.print(
            f"tuned on all conversations ({mode}): "
            + ", ".join(f"{k}={v}" for k, v in chosen.items()),
            markup=False,
            highlight=False,
        )


def _plot(report: evaluation.LocomoReport, path: Path) -> None:
    """Recall@k per mode as a line chart (matplotlib, no display needed)."""
    try:  # matplotlib is optional (the eval extra): imported only when a plot is asked for
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise fail("--plot needs matplotlib: pip install 'membot[eval]'", 2) from exc
    fig, ax = plt.subplots(figsize=(6, 4))
    loo = report.leave_one_out
    for name, result in report.modes.items():
        line = ax.plot(report.ks, [result.recall(kk) for kk in report.ks], marker="o", label=name)
        if loo is not None and name in loo.modes:
            held = loo.modes[name]
            ax.plot(
                report.ks,
                [held.recall(kk) for kk in report.ks],
                marker="x",
                linestyle="--",
                color=line[0].get_color(),
                label=f"{name}, leave one conversation out",
            )
    ax.set_xlabel("k")
    ax.set_ylabel("fraction of evidence turns in top k")
    ax.set_xticks(list(report.ks))
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(f"LoCoMo retrieval ({', '.join(report.conversations)})")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
