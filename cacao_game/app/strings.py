"""Every user-facing string of the app, in one place (English only for now).

``t(key, **kw)`` formats the string of ``key`` in the current language; an unknown key logs
a warning and shows the key itself, so a missing string is visible but never crashes.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

"""Language code -> its name in that language."""

EN: dict[str, str] = {
    # application
    "app.title": "Cacao",
    "app.subtitle": "Tiles, workers and the scent of chocolate",
    "app.no_display": (
        "Cacao needs a graphical display, and none is available (SDL video driver: {driver}).\n"
        "Run it from a desktop session, or set DISPLAY / WAYLAND_DISPLAY. "
        "AI-only games work without a display: python -m cacao_game --headless --seats random,random"
    ),
    "app.display_failed": "Cacao could not open a window: {error}",
    # menu
    "menu.new": "New game",
    "menu.continue": "Continue",
    "menu.load": "Load game",
    "menu.settings": "Settings",
    "menu.rules": "Rules",
    "menu.quit": "Quit",
    "menu.footer": "Cacao by Phil Walker-Harding · a fan-made digital edition for one table",
    "menu.continue_failed": "The autosave could not be loaded: {reason}",
    # common
    "common.back": "Back",
    "common.yes": "Yes",
    "common.no": "No",
    "common.ok": "OK",
    "common.cancel": "Cancel",
    "common.on": "On",
    "common.off": "Off",
    "common.start": "Start game",
    "common.close": "Close",
    # setup
    "setup.title": "New game",
    "setup.players": "Players",
    "setup.seat": "Seat {number}",
    "setup.name": "Name",
    "setup.colour": "Colour",
    "setup.player": "Player",
    "setup.variant": "Volcano variant",
    "setup.variant_hint": (
        "Volcanoes replace the gold mines: a worker there takes 2 gold or pays 1, by the edge it faces."
    ),
    "setup.seed_note": "The same seed deals the same tiles.",
    "setup.in_box": "In the jungle pile",
    "setup.options": "Options",
    "setup.seed": "Seed",
    "setup.seed_hint": "empty = random",
    "setup.start_player": "Start player",
    "setup.start_random": "Random",
    "setup.add_seat": "Add seat",
    "setup.remove_seat": "Remove",
    "setup.default_name": "Player {number}",
    "setup.ai_name": "{level} AI",
    "setup.error_colours": "Every seat needs its own colour.",
    "setup.error_seats": "A game needs 2 to 4 seats.",
    "setup.error_name": "Every seat needs a name.",
    "setup.error_seed": "The seed must be a whole number (or empty).",
    "kind.human": "Human",
    "kind.easy": "Easy AI",
    "kind.medium": "Medium AI",
    "kind.hard": "Hard AI",
    "kind.random": "Random AI",
    "kind.other": "{level} AI",
    "color.red": "Red",
    "color.purple": "Purple",
    "color.white": "White",
    "color.yellow": "Yellow",
    "color.colorblind.red": "Orange",
    "color.colorblind.purple": "Blue",
    "variant.base": "Base game",
    "variant.volcano": "Volcano",
    # placeholder
    "placeholder.title": "The table is being set",
    "placeholder.body": "The play scene is not installed yet. Your game options were: {summary}",
    # pause
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.save": "Save",
    "pause.settings": "Settings",
    "pause.help": "Help",
    "pause.quit": "Quit to menu",
    "pause.quit_confirm": "Leave this game and return to the menu? It is autosaved after every turn.",
    "pause.saved": "Saved: {where}",
    "pause.save_failed": "Could not save: {reason}",
    "pause.nothing_to_save": "There is no game to save here.",
    # help
    "help.title": "Help",
    "help.keys": "Keys",
    "help.rules": "Rules",
    "help.mouse_title": "Mouse",
    "help.mouse": "Click a tile in your hand, then a square on the board; right-click or "
    "Ctrl+wheel rotates; drag to pan; the wheel over the board zooms.",
    "help.close": "Esc or F1 closes this page · the wheel or ↑/↓ scrolls the rules",
    # intents
    "intent.rotate_cw": "Rotate clockwise",
    "intent.rotate_ccw": "Rotate anticlockwise",
    "intent.confirm": "Confirm",
    "intent.undo": "Undo",
    "intent.hint": "Hint",
    "intent.pause": "Pause / back",
    "intent.help": "Help",
    "intent.fullscreen": "Toggle full screen",
    "intent.save": "Quick save",
    "intent.select_1": "Select hand tile 1",
    "intent.select_2": "Select hand tile 2",
    "intent.select_3": "Select hand tile 3",
    "intent.cycle": "Cycle selection",
    "intent.zoom_in": "Zoom in",
    "intent.zoom_out": "Zoom out",
    "intent.pan_up": "Pan up",
    "intent.pan_down": "Pan down",
    "intent.pan_left": "Pan left",
    "intent.pan_right": "Pan right",
    "intent.fit": "Fit board",
    "intent.skip": "Skip animation",
    "intent.last": "Replay: last turn",
    # confirm
    "confirm.title": "Are you sure?",
    # settings
    "settings.title": "Settings",
    "settings.general": "General",
    "settings.keys": "Key bindings",
    "settings.language": "Language",
    "settings.animation_speed": "Animation speed",
    "settings.ai_pacing": "AI pacing",
    "settings.ai_pacing_value": "{seconds:.1f} s per move",
    "settings.fullscreen": "Full screen",
    "settings.palette": "Colour scheme",
    "settings.sound": "Sound",
    "settings.ui_scale": "Interface size",
    "settings.ui_scale_tip": (
        "How large buttons and text are drawn. Fit to screen fills the screen; a percent draws "
        "everything at that size, as far as the screen allows."
    ),
    "settings.ui_scale.fit": "Fit to screen ({percent} %)",
    "settings.ui_scale.100": "100 %",
    "settings.ui_scale.125": "125 %",
    "settings.ui_scale.150": "150 %",
    "settings.ui_scale.175": "175 %",
    "settings.ui_scale.200": "200 %",
    "settings.ui_scale_capped": "{choice} (fits up to {fit} %)",
    "settings.no_sound": "No audio device could be opened on this machine, so the game is silent.",
    "settings.speed.slow": "Slow",
    "settings.speed.normal": "Normal",
    "settings.speed.fast": "Fast",
    "settings.speed.instant": "Instant",
    "settings.palette.classic": "Classic",
    "settings.palette.colorblind": "Colour-blind safe",
    "settings.undo": "Undo",
    "settings.undo_tip": (
        "Casual: back across AI turns. Strict: only within your own turn. Auto: casual alone,"
        " strict with two or more humans. Undo never takes back another human's move."
    ),
    "settings.undo.auto": "Auto",
    "settings.undo.casual": "Casual",
    "settings.undo.strict": "Strict",
    "settings.rebind": "Change",
    "settings.press_key": "Press a key for “{intent}” (Esc cancels)",
    "settings.reset_keys": "Reset keys",
    "settings.saved": "Settings saved",
    "settings.save_failed": "Could not save the settings: {reason}",
    "settings.key_in_use": "{key} was also bound to “{intent}”: removed there",
    "settings.key_swapped": "{key} was “{intent}”'s key: “{intent}” now uses {other}",
    # load
    "load.title": "Load game",
    "load.saved_games": "Saved games",
    "load.to_play": "{name} to play",
    "load.empty": "No saved games yet. Games are saved automatically after every turn.",
    "load.load": "Load",
    "load.delete": "Delete",
    "load.delete_confirm": "Delete the save “{name}”? This cannot be undone.",
    "load.refused": "Refused: {reason}",
    "load.turn": "Turn {turn}",
    "load.finished": "Finished",
    "load.autosave": "Autosave",
    "load.failed": "Could not load “{name}”: {reason}",
    "load.deleted": "Deleted “{name}”",
    # scoring
    "scoring.title": "Final scoring",
    "scoring.temples": "Temples",
    "scoring.temple": "Temple {number}",
    "scoring.no_temples": "No temple on the board",
    "scoring.nobody": "no workers",
    "scoring.gold": "Gold",
    "scoring.sun": "Sun",
    "scoring.water": "Water",
    "scoring.total": "Total",
    "scoring.cacao": "Cacao",
    "scoring.seat": "Seat",
    "scoring.winner": "{name} wins!",
    "scoring.view.chart": "Score over time",
    "stats.markets": "Gold from markets",
    "stats.mines": "Gold from gold mines",
    "stats.volcanoes": "Gold from volcanoes (net)",
    "stats.temples": "Temples",
    "stats.water": "Water",
    "stats.sun": "Sun tokens",
    "stats.total": "Score",
    "stats.harvested": "Cacao harvested",
    "stats.sold": "Cacao sold",
    "scoring.view.statistics": "Points by source",
    "scoring.view.board": "Final board",
    "scoring.winners": "{names} share the win!",
    "scoring.chart": "Score over the game",
    "scoring.chart_turn": "turn",
    "scoring.tiebreak": "tiebreak: cacao",
    "scoring.rematch": "Rematch",
    "scoring.new_game": "New game",
    "scoring.menu": "Menu",
    "scoring.replay": "Watch replay",
    "scoring.replay_failed": "Could not build the replay: {reason}",
    "scoring.skip": "Click or press Space to show everything",
    # rules summary (seeds/RULES.md), shown on the help page and the Rules screen
    "rules.goal.title": "Goal",
    "rules.goal": "Lead your workers through the jungle: harvest cacao, sell it at markets, and gather "
    "gold, sun tokens, water and temple majorities. Most gold at the end wins; ties go to "
    "the seat with more cacao.",
    "rules.turn.title": "Your turn",
    "rules.turn": "Place one of your 3 worker tiles, in any rotation, on an empty worker square next to "
    "a jungle tile. Every empty jungle square next to your new tile that now touches 2 or "
    "more worker tiles is filled: first from the 2 display tiles (you choose where), then "
    "from the pile. Then draw a worker tile; the display is refilled.",
    "rules.activate.title": "Workers at work",
    "rules.activate": "Each worker on an edge of your new tile acts on the jungle tile it faces; workers "
    "of any seat facing a newly filled square act too. Plantation: 1 or 2 cacao (store "
    "5). Market: sell 1 cacao for 2, 3 or 4 gold. Gold mine: 1 or 2 gold. Water: one "
    "step up the water track. Sun site: 1 sun token (keep 3). Volcano: take 2 gold or "
    "pay 1 gold, by the edge value.",
    "rules.overbuild.title": "Overbuilding",
    "rules.overbuild": "Once the jungle pile and the display are empty, you may pay 1 sun token to place a "
    "tile on top of one of your own tiles (each square once). The covered workers are "
    "gone for good.",
    "rules.end.title": "End and scoring",
    "rules.end": "The game ends when every worker tile is placed. Each temple gives 6 gold to the seat "
    "with most workers around it and 3 to the runner-up (ties share, rounded down). Add "
    "1 gold per sun token and your water field (-10 up to +16).",
    "rules.auto.title": "Automatic steps",
    "rules.auto": "Choices that cannot change the result are made for you (gains are taken in full, a "
    "price-4 market sells). You are asked only when it matters, e.g. how much to sell.",
    # misc
    "status.fullscreen_unavailable": "Full screen cannot be toggled on this display.",
    # play scene
    "play.turn": "Turn {turn} · {name}",
    "play.turn_other": "Turn {turn} · {name} · {other} decides",
    "play.your_turn": "{name}: place a worker tile",
    "play.ai_turn": "{name} is thinking…",
    "play.fill": "{name}: choose which jungle tile goes on each highlighted space",
    "play.fill_pile": "{name}: choose the space for the drawn {tile}",
    "play.resolve": "{name}: decide how to use your workers",
    "play.resolve_title": "{name}, how do your workers act?",
    "play.game_over": "Game over",
    "play.confirm": "Confirm",
    "play.undo": "Undo",
    "play.hint": "Hint",
    "play.menu": "Menu",
    "play.curtain": "Pass to {name}",
    "play.curtain_sub": "When {name} is at the screen, click Ready or press Enter",
    "play.hand": "Hand",
    "play.hand_of": "{name}'s hand",
    "play.hand_hidden": "Hand hidden",
    "play.in_pile": "+{count} in pile",
    "play.ready": "Ready",
    "play.display": "Display",
    "play.pile": "Jungle pile",
    "play.pile_left": "{count} left",
    "play.remaining": "Jungle tiles still to come",
    "play.log": "Game log",
    "play.tiles_left": "{count} tiles",
    "play.score": "{total}",
    "play.projected": "projected",
    "play.final": "final",
    "play.temples": "Temples",
    "tip.gold": "{name} has {n} gold: each gold is a point at the end.",
    "tip.cacao": (
        "{name} holds {n} of at most 5 cacao. "
        "Markets buy them; cacao left at the end scores nothing (it only breaks ties)."
    ),
    "tip.sun": (
        "{name} has {n} of at most 3 sun tokens. "
        "One pays for an overbuild; each one left is a point at the end."
    ),
    "tip.tiles": "{name} has {hand} worker tiles in hand and {pile} in the pile.",
    "tip.water": (
        "{name}'s water track: worth {value} points now. Each water carrier moves it one field right."
    ),
    "tip.projected": "{name}'s score if the game ended now",
    "tip.own_pile": "Still in the pile: {tiles}",
    "tip.hand_and_pile": "In hand and pile together: {tiles}",
    "tip.panel": "Click to outline this seat's tiles on the board.",
    "tip.display": "Face up: whoever fills a jungle space lays one of these.",
    "tip.pile": "{count} jungle tiles face down. After each fill the display is refilled from here.",
    "tip.hand": "Press {key} (or click) to pick this tile, then Q/E to turn it.",
    "tip.remaining": "{count} still to come: {odds} % chance to be the next tile drawn.",
    "tip.action.undo": "Take back your last decision (Settings → Undo says how far).",
    "tip.action.hint": "Ask the computer for a move.",
    "tip.action.confirm": "Play the move shown on the board.",
    "tip.action.menu": "Save, settings, rules or leave the game.",
    "tip.action.first": "Back to the deal.",
    "tip.action.prev": "One turn back.",
    "tip.action.play": "Play the turns one after another, or stop.",
    "tip.action.next": "One turn forward.",
    "tip.action.last": "Jump to the end of the game.",
    "tip.action.speed": "How fast the replay plays on its own.",
    "tip.status": "Whose turn it is and what to do now; the keys are on the right.",
    "play.breakdown": "Gold {gold} · Temples {temples} · Sun {sun} · Water {water} = {total} (cacao {cacao})",
    "play.yield_none": "no immediate gain",
    "play.then_fill": "then lay jungle tiles…",
    "play.then_resolve": "then decide what to sell…",
    "play.animating": "{name}'s move…",
    "play.overbuild": "Overbuild (1 sun)",
    "play.built_over": "Built over {name}'s {tile} (shown beside it)",
    "play.nothing_to_undo": "Nothing to undo",
    "play.undone": "Undone",
    "play.undo_nobody": "Nothing to undo: no one has played yet",
    "play.undo_nothing": "Nothing to undo",
    "play.undo_other_human": "Undo stops at {name}'s move: it is theirs to keep",
    "play.undo_turn_over": "Your turn is over: strict undo only works within your own turn",
    "play.undo_reveal": "A hidden tile has been revealed: strict undo cannot go back past it",
    "play.autosave_failed": "Autosave failed: {reason}. This game is not being saved.",
    "play.autosave_ok": "Autosave works again",
    "flow.unfinished": "An unfinished game is waiting: {name}. Keep it as a saved game and start a new one?",
    "flow.keep_and_start": "Keep it, start new",
    "flow.turn": "turn {turn}",
    "flow.kept": 'The unfinished game is kept as "{name}" (Load game)',
    "flow.keep_failed": "The unfinished game could not be kept: {reason}",
    "play.hint_thinking": "Thinking of a hint…",
    "play.hint_ready": "Hint: the highlighted move",
    "play.saved": "Saved: {where}",
    "play.save_failed": "Could not save: {reason}",
    "play.ai_error": "The AI failed ({error}); it played a legal move instead",
    "play.sell_at": "Sell how many cacao at market {price}?",
    "play.take_at": "Take how many cacao from the plantation (+{value} each)?",
    "play.choose_edge": "{n} choices pending",
    "play.temple_tip": "Temple — workers: {workers}",
    "play.temple_awards": "Now: {awards}",
    "play.nobody": "nobody",
    "play.square_empty": "Empty square",
    "play.fill_space": "Must be filled this turn",
    "play.rotate_hint": "Q/E rotate · Enter confirm · Tab next · U undo · H hint",
    "play.fill_hint": "Click a display tile, then a space · Q/E turn a volcano · Enter confirm",
    "play.water_value": "{value:+d}",
    "replay.status": "Replay · turn {turn} of {turns} · ← → step · Home / End jump · Esc back",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Next",
    "replay.last": "Last",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.speed": "{speed}×",
    "log.turn": "Turn {turn}: {name}",
    "log.place": "{name} placed {tile}",
    "log.overbuild": "{name} overbuilt with {tile} (1 sun)",
    "log.fill": "{name} laid {jungle}",
    "log.cacao": "{name} +{n} cacao",
    "log.cacao_lost": "{name} +{n} cacao ({lost} lost: storage full)",
    "log.cacao_full": "{name}: storage full, {lost} cacao lost",
    "log.sold": "{name} sold {n} cacao for {gold} gold",
    "log.gold": "{name} +{n} gold",
    "log.paid": "{name} paid {n} gold at a volcano",
    "log.water": "{name} water {start} → {end}",
    "log.sun": "{name} +{n} sun",
    "log.temple": "Temple {number}: {awards}",
    "log.won": "{names} won",
    "preview.nothing": "nothing at once",
    "outcome.harvest": "harvest {n}",
    "outcome.sell": "sell {n} at {price}",
    "outcome.keep": "sell none at {price}",
    "outcome.gold": "take {n} gold",
    "outcome.pay": "pay {n} gold",
    "outcome.water": "water +{n}",
    "outcome.sun": "take {n} sun",
    "outcome.nothing": "nothing happens",
    "outcome.no_change": "no change",
    "play.resolve_other": "{name} decides (during {mover}'s turn)",
    "play.resolve_help": "Pick how your workers act: click a row, or 1-9, Tab and Enter.",
    "play.ai_pick": "the computer would pick this",
    "preview.then": "then {gains}",
    "preview.then_about": "then about {gains}",
    "preview.then_nothing": "then nothing more",
    "preview.gives": "{name} {gains}",
    "preview.opens": "opens {n} squares",
    "yield.cacao": "{n:+d} cacao",
    "yield.gold": "{n:+d} gold",
    "yield.water": "+{n} water",
    "yield.sun": "+{n} sun",
    "yield.lost": "{n} cacao lost",
    "jungle.plantation1": "a plantation",
    "jungle.plantation2": "a double plantation",
    "jungle.market2": "a market (2)",
    "jungle.market3": "a market (3)",
    "jungle.market4": "a market (4)",
    "jungle.gold1": "a gold mine (1)",
    "jungle.gold2": "a gold mine (2)",
    "jungle.water": "a water hole",
    "jungle.sun": "a sun-worshiping site",
    "jungle.temple": "a temple",
    "jungle.volcano": "a volcano",
    "tile.1111": "1-1-1-1",
    "tile.2101": "2-1-0-1",
    "tile.3001": "3-0-0-1",
    "tile.3100": "3-1-0-0",
    # coach: explained hints and the game review (the AI gives terms, these words say them)
    "coach.hint_margin": "Hint: about {points} points better than the next best move",
    "coach.hint_even": "Hint: as good as the next best move",
    "coach.hint_only": "Hint: every other move ends the turn the same way",
    "coach.why": "Why:",
    "coach.differs": "What differs:",
    "coach.mine": "{points} {term}",
    "coach.theirs": "{change} ({points})",
    "coach.later": "{points} in the turns after",
    "coach.term.gold": "gold",
    "coach.term.water": "water track",
    "coach.term.cacao": "cacao held",
    "coach.term.sun": "sun tokens",
    "coach.term.temples": "temple lead",
    "coach.term.prospects": "from spaces your workers face",
    "coach.term.threat": "best next square",
    "coach.up.gold": "more gold for {name}",
    "coach.up.water": "water steps for {name}",
    "coach.up.cacao": "more cacao for {name}",
    "coach.up.sun": "more sun for {name}",
    "coach.up.temples": "a better temple lead for {name}",
    "coach.up.prospects": "open spaces by {name}'s workers",
    "coach.up.threat": "a better next square for {name}",
    "coach.down.gold": "less gold for {name}",
    "coach.down.water": "fewer water steps for {name}",
    "coach.down.cacao": "less cacao for {name}",
    "coach.down.sun": "less sun for {name}",
    "coach.down.temples": "a worse temple lead for {name}",
    "coach.down.prospects": "fewer open spaces by {name}'s workers",
    "coach.down.threat": "a worse next square for {name}",
    "coach.nothing": "no single reason stands out",
    "review.button": "Review game",
    "review.title": "Reviewing the game",
    "review.body": "The computer replays every decision of {names} and searches each for {seconds} s.",
    "review.progress": "{done} of {total} decisions",
    "review.starting": "Starting the computer…",
    "review.cancel": "Cancel",
    "review.failed": "The review failed: {reason}",
    "review.decision": "Turn {turn} · {name} · {phase}: {verdict}",
    "review.verdict": "{mark}, {points} points lost",
    "review.phase.place": "placement",
    "review.phase.fill": "jungle tile",
    "review.phase.resolve": "workers",
    "review.mark.good": "good",
    "review.mark.inaccuracy": "inaccuracy",
    "review.mark.mistake": "mistake",
    "review.mark.blunder": "blunder",
    "review.good": "The computer finds no move a point better.",
    "review.better_board": "Better: the gold ghost on the board (played: red outline)",
    "review.better_same": "Better: the gold ghost, on the square played (another tile or turn)",
    "review.played": "Played: {move}",
    "review.better": "Better: {move}",
    "review.summary": "{name}: accuracy {accuracy}% · mistakes {mistakes} · blunders {blunders}",
    "review.overview": "Game review",
    "review.to_flags": "Tab jumps to the next decision that lost a point or more.",
    "review.back_to_flags": "Shift+Tab goes back to the decisions that lost a point or more.",
    "review.no_flags": "No reviewed decision lost a point or more: → steps through them.",
    "review.status": "Review · step {step} of {steps} · ← → step · Tab next flagged · Esc back",
    "review.flag_prev": "‹ Flag",
    "review.flag_next": "Flag ›",
    "review.played_tag": "played",
    "review.better_tag": "better",
    "tip.action.flag_prev": "The previous decision that lost a point or more.",
    "tip.action.flag_next": "The next decision that lost a point or more (Tab).",
}

_TABLES: dict[str, dict[str, str]] = {"en": EN}
_language = "en"


RULES_SECTIONS: tuple[str, ...] = ("goal", "turn", "activate", "overbuild", "end", "auto")
"""Keys of the rules summary: ``rules.<key>.title`` and ``rules.<key>``."""


def set_language(code: str) -> None:
    """Use ``code`` for ``t``; an unknown code falls back to English with a warning."""
    global _language
    if code not in _TABLES:
        log.warning("unknown language %r, using English", code)
        code = "en"
    _language = code


def has(key: str) -> bool:
    """True if ``key`` has a string."""
    return key in _TABLES[_language] or key in EN


def t(string_key: str, /, **kw: object) -> str:
    """The string of ``string_key`` formatted with ``kw`` (any names, ``key`` included); the
    key itself if it is unknown."""
    text = _TABLES[_language].get(string_key) or EN.get(string_key)
    if text is None:
        log.warning("missing string %r", string_key)
        return string_key
    return text.format(**kw) if kw else text


def kind_label(kind: str) -> str:
    """How a seat kind (``human`` or an AI level name) is shown."""
    key = f"kind.{kind}"
    return t(key) if has(key) else t("kind.other", level=kind.replace("_", " ").capitalize())


def unique_names(names: list[str]) -> list[str]:
    """``names`` with repeats told apart: the second "Medium AI" becomes "Medium AI 2"."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        result.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return result


def seat_names(names: list[str], kinds: list[str]) -> list[str]:
    """What the seats are called on screen: their names, an unnamed seat by its kind ("Medium
    AI", "Player 2"), repeats numbered."""
    shown = [
        name.strip() or (t("setup.default_name", number=i + 1) if kind == "human" else kind_label(kind))
        for i, (name, kind) in enumerate(zip(names, kinds, strict=True))
    ]
    return unique_names(shown)


def color_label(color: str, palette: str) -> str:
    """A seat colour's name as the palette shows it (the colour-blind "red" is orange)."""
    key = f"color.{palette}.{color}"
    return t(key) if has(key) else t(f"color.{color}")
