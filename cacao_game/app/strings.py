"""Every user-facing string of the app, in one place: the English source and its translations.

``EN`` maps a string key to its English text and ``EN_PLURALS`` a key to its English singular
and plural. The other languages live in gettext catalogs, ``cacao_game/locale/<lang>/
LC_MESSAGES/cacao.po`` (compiled to ``cacao.mo`` beside it), where each entry's context
(``msgctxt``) is the key and its ``msgid`` the English text. The catalogs are regenerated
from this module with Babel (see the README); the game reads them with the standard
library's ``gettext``.

``t(key, **kw)`` formats the string of ``key`` in the current language and ``tn(key, n,
**kw)`` the form for the count ``n``; an unknown key logs a warning and shows the key itself,
so a missing string is visible but never crashes. A catalog without an entry falls back to
the English text.
"""

from __future__ import annotations

import functools
import gettext
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE

log = logging.getLogger(__name__)

LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the compiled catalogs are: ``<lang>/LC_MESSAGES/cacao.mo``."""
DOMAIN: Final = "cacao"
"""The gettext domain: the catalogs' file name."""

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
    "menu.footer": "Cacao by Phil Walker-Harding · a fan-made digital edition",
    # games across machines (cacao_game.app.netplay, scenes/join.py, scenes/lobby.py)
    "menu.host": "Host a game",
    "menu.join": "Join a game",
    # resuming the game hosted from this app after its window closed (cacao_game.net.hosting)
    "menu.resume_hosting": "Resume hosting",
    # taking a seat back in a game on another machine after this program closed (app/rejoin.py)
    "menu.rejoin": "Rejoin game",
    "menu.rejoin_caption": "Table {code} at {address}",
    # a full menu has no room for that caption: said on entering instead
    "menu.rejoin_notice": "Rejoin game takes your seat back at table {code} ({address}).",
    # Host a game while a hosted game is unfinished: starting a new one ends it
    "menu.host_over": "An unfinished hosted game will be ended: host a new one anyway?",
    "net.host_title": "Host a game",
    "net.join_title": "Join a game",
    "net.host": "Host",
    "net.join": "Join",
    "net.leave": "Leave",
    # the hosting player leaves the lobby after others joined: the table ends for them too
    "net.end_table_question": (
        "{names} joined this table. Leave and end it? They will be told the game is over."
    ),
    "net.end_table": "End the table",
    "net.address": "Address",
    "net.port": "Port",
    "net.code": "Table code",
    "net.name": "Your name",
    "net.address_hint": "the host's address",
    "net.port_hint": "8765",
    "net.code_hint": "6 letters and digits",
    "net.name_hint": "your name",
    "net.join_note": "Ask the player who hosts for their address, port and table code.",
    "net.everywhere": "Open to the network",
    "net.hints": "Allow hints",
    "net.standin_choice": "AI plays for a player who drops out",
    "net.standin_tip": (
        "On: {seconds} s after a remote player's connection is lost, the {level} plays their seat "
        "until they rejoin. Off: the game waits for them or a new player."
    ),
    # the settings file's last New game set-up did not read (damaged, hostile): it is forgotten
    "settings.setup_forgotten": (
        "The last game's set-up could not be read: New game starts from the defaults."
    ),
    # Host a game: the choices remembered in the settings file did not read (damaged, hostile)
    "net.setup_forgotten": (
        "The choices of the last game hosted could not be read: Host a game starts from the defaults."
    ),
    "net.defaults_tip": (
        "Back to the first choices: two seats, port {port}, this computer only, hints allowed."
    ),
    "net.bind_local": (
        "Only this computer can connect (127.0.0.1). To play with other computers, "
        "turn on Open to the network."
    ),
    "net.bind_all": (
        "Open to the network: any computer that can reach this one may connect, "
        "and anyone with the table code can join or watch."
    ),
    "net.error_seats": "Host a game with one Human seat (you) and at least one Remote player.",
    "net.error_port": "The port is a number from 1 to 65535.",
    "net.error_address": "Type the host's address.",
    "net.error_address_port": "Type the address without its port: the port has a field of its own.",
    "net.error_address_alone": "Type the host's address alone, such as 192.168.1.20 or cacao.local.",
    "net.error_address_numbers": (
        "{address} is no address: it needs four numbers from 0 to 255, such as 192.168.1.20."
    ),
    "net.error_code": "The table code is 6 letters and digits, never 0, 1, O or I.",
    "net.copy_code": "Copy",
    "net.copy_code_tip": "Copy the table code, to paste it in a chat or in a Join form (Ctrl+V).",
    "net.code_copied": "Table code {code} copied.",
    "net.code_not_copied": "This computer's clipboard cannot be written: the table code is {code}.",
    "net.error_name": "Type your name to take a seat (or Watch without one).",
    "net.host_failed": "Could not host the game: {reason}",
    # Host a game: the port is taken (often by another program)
    "net.port_in_use": (
        "Another program on this computer is using port {port}: "
        "close it and try again, or host on another port."
    ),
    # Resume hosting: the port the game was hosted on (where the players look for it) is taken
    "net.port_in_use_resume": (
        "Another program on this computer is using port {port}, where this game was hosted: "
        "close it, then choose Resume hosting again."
    ),
    # hosting on a port the system keeps for itself (below 1024 on most systems)
    "net.port_denied": "This computer does not let the game use port {port}: pick one from 1024 to 65535.",
    "net.host_busy": ("Another Cacao window on this computer is hosting a game: play or end it there first."),
    "net.refused_table": "The host has no table with this code: check it.",
    "net.refused_full": "Every seat at this table is taken; you may watch.",
    "net.refused_name": (
        "Another seat at this table already has this name, or one that looks the same: pick another."
    ),
    # a full table or a name in use, said to a player whose ticket for that seat this app keeps
    "net.refused_rejoin": (
        "{refusal} If it was your seat and your connection dropped, choose Rejoin game in the menu."
    ),
    # the host answers that it has no table any more to a player or spectator who was at it
    "net.host_ended": "This game is no longer on the host: it is over, or its host ended it.",
    # the seat was joined again with this player's ticket from another window or computer
    "net.seat_replaced": "Your seat is now played from another window or computer.",
    "net.refused_token": (
        "The host no longer knows this seat: the game may have ended, the host may have freed "
        "the seat (Join with the table code takes it while it is free), or it was taken back "
        "under the same name."
    ),
    "net.refused_watchers": "This table has as many spectators as it takes.",
    # Host a game: the address of a Cacao server (cacao --serve) to open the table on
    "net.server": "Server",
    "net.this_computer": "this computer",
    # in place of the Open to the network switch while a server's address is typed
    "net.everywhere_server": "the server decides",
    # in place of the stand-in switch while a server's address is typed: always on there
    "net.standin_server": "always, on a server",
    "net.server_tip": (
        "Empty: this computer hosts the game. Or the address of a Cacao server "
        "(cacao --serve) to open the table there, at its port."
    ),
    "net.on_server_note": (
        "The table opens on the Cacao server at this address and port; the others join it "
        "there with the table code."
    ),
    "net.bind_server": "The table is on a Cacao server: the others join it with this address, port and code.",
    "net.refused_watchers_address": "This table has as many spectators from your network as it takes.",
    # the host refuses every join from an address that sent many wrong table codes, for a minute
    "net.refused_guesses": (
        "The host had too many wrong table codes from this network: wait a minute, then join again."
    ),
    # the host refuses joins from an address that joins too often (a loop of joins)
    "net.refused_joins": "Too many joins from this network: wait a few seconds, then join again.",
    # the host's game is of another version than this one
    "net.refused_version": "The host plays another version of Cacao: both players need the same version.",
    # a host (python -m cacao_game --serve) refuses a new table: this network has as many waiting as it allows
    "net.refused_tables": (
        "You already have as many tables waiting for players on this host as it allows: "
        "start one, or wait for one to close."
    ),
    # a host that lets players join its tables but not open their own
    "net.refused_create": "This host does not let players open tables: join one with its code.",
    # the host closes a connection that joined no table in time
    "net.refused_idle": "The host closed the connection: no table was joined in time. Try again.",
    # the host could not open a table with the options asked for (another version's options)
    "net.refused_options": "The host could not open a table with these options: it may play another version.",
    # Host a game on a server (its Server field) where no Cacao server answers
    "net.server_unreachable": (
        "No Cacao server answers at this address and port: check them, and that the server is running."
    ),
    "net.unreachable": (
        "No game is hosted at this address and port: check them, and that the host's game is open."
    ),
    # Rejoin game (this app keeps the seat's ticket) where no host answers: stopped for now, or gone
    "net.unreachable_rejoin": (
        "The host does not answer: its game may be stopped for now. Your seat is kept: "
        "try Rejoin game again once the host is back."
    ),
    "net.join_forgotten": (
        "Join a game: what was remembered of the last join could not be read; the defaults are shown."
    ),
    # Join a game: this app keeps a seat's ticket for another table (Rejoin game in the menu)
    "net.join_forgets": (
        "You still have a seat at table {code} (Rejoin game in the menu): "
        "taking a seat here forgets the way back to it."
    ),
    "net.join_anyway": "Join here",
    "net.fill_ai": "Let the AI play",
    "net.seat_free": "Waiting for a player…",
    "net.you": "You",
    "net.joined": "Joined",
    "net.away": "Disconnected",
    # A lobby's row of the seat where the hosting window's own player sits
    "net.hosting_seat": "Host",
    "net.hosting_status": "{status} · Host",
    "net.standin": "AI stands in",
    "net.joining": "Table {code}",
    "net.connecting": "Connecting…",
    "net.reconnecting": "Reconnecting…",
    # a joiner's lobby whose host stopped answering before the game began (killed, cut off)
    "net.lobby_reconnecting": (
        "The host does not answer: trying again… Your seat stays yours until it is back."
    ),
    # the status line once the host will not have this window any more (the banner says why)
    "net.link_ended": "This window no longer follows the game.",
    "net.waiting_players": "Waiting for every seat to have a player…",
    "net.starting": "The game starts…",
    "net.waiting_for": "Waiting for {name}…",
    "net.lost": "Reconnecting to the host…",
    # the host went to its menu or closed its window: its table waits for Resume hosting
    "net.host_paused": "The host has stopped for now: the game goes on once it is back. Reconnecting…",
    # the host cannot take this connection now (too many connections, or this seat came back
    # too often): the client tries again (issue 19)
    "net.busy": "The host is busy: trying again in a moment…",
    "net.to_menu": "Back to menu",
    "net.watch": "Watch",
    "net.watch_title": "Watch a game",
    "net.watch_tip": "Watch the table without playing: every hand stays face down.",
    "net.watching": "Watching",
    "net.watching_status": "Watching: {name} to play",
    # the hosting window's notice of a dropped player, counting down the host's wait
    "net.dropped": "{name} is disconnected: the AI plays for them in {seconds} s.",
    "net.standin_now": "Let the AI play now",
    # the hosting window's notice at a table without a stand-in AI, with the Free the seat button
    "net.dropped_waits": (
        "{name} is disconnected: the game waits for them, or free the seat for a new player."
    ),
    "net.free_seat": "Free the seat",
    # the lobby: an AI seat of the host's table with its thinking time (hard, expert)
    "net.ai_thinks": "{level} · {seconds} s per decision",
    # under an AI seat's name at the table when the name is its level ("Expert AI")
    "play.thinks": "{seconds} s per decision",
    # a seat whose player left on purpose or whose seat the host freed: it waits for a new
    # player (or an AI plays it: net.left_standin)
    "net.left": "Seat free",
    "net.left_standin": "Left · AI plays",
    "net.left_toast": "{name} left the game.",
    # a dropped player's seat that the host freed for a new player (Free the seat)
    "net.freed_toast": "{name}'s seat is free for a new player.",
    "net.left_toast_standin": "{name} left the game: an AI plays their seat from now on.",
    "net.left_waiting": (
        "{name}'s seat is free. The game goes on when a new player joins with the table code {code}."
    ),
    # the same, in the hosting window, whose notice has the Let the AI play button
    "net.left_waiting_host": (
        "{name}'s seat is free: a new player joins with the table code {code}, or the AI plays it."
    ),
    "net.waiting_new": "{name}'s seat is free: waiting for a new player…",
    # the status line while the host's stand-in AI plays a seat (left, or away past the wait)
    "net.standin_plays": "AI plays for {name}…",
    # the status line while the game waits for a dropped player, counting down the host's wait
    "net.waiting_dropped": "Waiting for {name} to reconnect: the AI plays for them in {seconds} s.",
    # the same at a table without a stand-in AI: the game waits until they come back
    "net.waiting_back": "Waiting for {name} to reconnect…",
    # every table, once the host's wait is over (or the host let the AI play at once)
    "net.standin_toast": "{name} is still away: the AI plays for them until they come back.",
    "net.seat_left": "{name} left",
    "net.seat_taken": "{name} takes the free seat.",
    "net.seat_back": "{name} is back at the table.",
    # the lobby lists the seats in turn order (the setup's, turned to the start player)
    "net.turn_order": "Turn order",
    "net.turn_order_drawn": "Turn order · start player drawn at random",
    # the lobby's heading goes on when the host turned hints off ("Turn order · hints off")
    "net.no_hints": "hints off",
    # the program's version (cacao_game.version): the menu's corner and --version
    "menu.version": "version {version}",
    "cli.help.version": "print the program's version and exit",
    "cli.help.check_assets": "load every asset and draw the menu off-screen; exit 1 if any falls back",
    "cli.assets_folder": "assets: {path}",
    "cli.assets_ok": "{count} asset files loaded and the menu drawn at {size}: nothing fell back",
    "cli.assets_problem": "asset problem: {problem}",
    "cli.check_assets_alone": "--check-assets goes with no other option",
    # common
    "common.back": "Back",
    "common.yes": "Yes",
    "common.no": "No",
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
    "setup.in_box": "Special tiles in the jungle pile",
    "setup.options": "Options",
    "setup.seed": "Seed",
    "setup.seed_hint": "empty = random",
    "setup.start_player": "Start player",
    "setup.start_random": "Random",
    "setup.add_seat": "Add seat",
    "setup.remove_seat": "Remove",
    "setup.defaults": "Defaults",
    "setup.default_name": "Player {number}",
    "setup.kind_rating": "{level} · Elo {rating}",
    "setup.rating_hint": (
        "The number is the level's rating (Elo; random AI = 0), measured in 2-player "
        "AI-vs-AI games, Hard and Expert at 1 s a decision."
    ),
    # setup: the line above setup.rating_hint in the tooltip of a seat's level, what it does
    "setup.level.random": "Random AI plays any legal move.",
    "setup.level.easy": "Easy AI takes what pays this turn, with a slip now and then.",
    "setup.level.medium": "Medium AI also weighs what a move leaves for the turns after.",
    "setup.level.hard": "Hard AI searches a few turns ahead over the tiles still to come.",
    "setup.level.expert": "Expert AI searches every move, deeper the longer it thinks.",
    "setup.thinking": "Hard AI thinks",
    "setup.thinking_value": "{seconds} s",
    "setup.thinking_hint": (
        "How long the hard AI may think about each decision (a hint always searches the same "
        "amount, so it never depends on this). AI pacing in Settings only sets how long an AI "
        "move stays on screen. It applies only to seats set to Hard AI."
    ),
    # setup: the expert's thinking time
    "setup.expert_thinking": "Expert AI thinks",
    "setup.expert_thinking_hint": (
        "How long the expert AI may think about each decision: more time makes it somewhat "
        "stronger. Its seat shows the time passing. It applies only to seats set to Expert AI."
    ),
    "setup.error_colours": "Every seat needs its own colour.",
    "setup.error_seats": "A game needs 2 to 4 seats.",
    "setup.error_name": "Every seat needs a name.",
    "setup.error_glyphs": "Seat {number}'s name has letters this game cannot show ({chars}): use others.",
    # the Join form's name field holds a character the game's fonts cannot draw
    "net.error_glyphs": "Your name has letters this game cannot show ({chars}): use others.",
    "setup.error_seed": "The seed must be a whole number (or empty).",
    "kind.human": "Human",
    "kind.remote": "Remote player",
    "kind.easy": "Easy AI",
    "kind.medium": "Medium AI",
    "kind.hard": "Hard AI",
    "kind.expert": "Expert AI",
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
    # pause
    "pause.title": "Paused",
    "pause.title_live": "Menu",
    "pause.resume": "Resume",
    "pause.save": "Save",
    "pause.settings": "Settings",
    "pause.help": "Help",
    "pause.quit": "Quit to menu",
    "pause.quit_confirm": "Leave this game and return to the menu? It is saved after every move.",
    "pause.quit_confirm_unsaved": "Leave this table and return to the menu?",
    # leaving a game whose autosaves fail (the saves folder cannot be written)
    "pause.quit_confirm_save_failed": (
        "Leave this game and return to the menu? Its latest moves could not be saved: they are lost."
    ),
    "pause.quit_hosting": (
        "Stop hosting and return to the menu? Your friends wait for the host; "
        "Resume hosting in the menu opens the game again where it stopped."
    ),
    "pause.close_hosting": (
        "Close Cacao and stop hosting? Your friends wait for the host; "
        "Resume hosting in the menu opens the game again where it stopped."
    ),
    # Quit to menu from a menu opened before the game ended (its scores wait for the menu to close)
    "pause.quit_finished": (
        "The game is over: Resume shows its final scores. Return to the menu without them?"
    ),
    "pause.quit_seat": (
        "Give up your seat and return to the menu? The others are told at once; the next "
        "player to join with the table code takes it, and an AI may play it until then."
    ),
    "pause.save_failed": "Could not save: {reason}",
    "pause.nothing_to_save": "There is no game to save here.",
    # help
    "help.title": "Help",
    "help.keys": "Keys",
    "help.rules": "Rules",
    "help.workers_title": "Your workers' choices",
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
    "intent.save": "Save the game",
    # the hand's tile, the display's tile while filling, the worker choices' row
    "intent.select_1": "Select tile or row 1",
    "intent.select_2": "Select tile or row 2",
    "intent.select_3": "Select tile or row 3",
    "intent.cycle": "Cycle selection",
    "intent.zoom_in": "Zoom in",
    "intent.zoom_out": "Zoom out",
    "intent.pan_up": "Pan up",
    "intent.pan_down": "Pan down",
    "intent.pan_left": "Pan left",
    "intent.pan_right": "Pan right",
    "intent.fit": "Fit board",
    "intent.skip": "Skip a running animation",
    "intent.last": "Replay, review: go to the end",
    # confirm
    "confirm.title": "Are you sure?",
    # settings
    "settings.title": "Settings",
    "settings.general": "General",
    "settings.keys": "Key bindings",
    "settings.language": "Language",
    "settings.animation_speed": "Animation speed",
    "settings.ai_pacing": "AI pacing",
    "settings.ai_pacing_value": "{seconds} s per move",
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
    "settings.sound_unavailable": "No sound device",
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
    "settings.press_key_replaces": "Press the new key for “{intent}”: it replaces {keys} (Esc cancels)",
    "settings.press_key_pause": "Press a key for “{intent}” (Esc counts as a key here: a click cancels)",
    "settings.press_key_replaces_pause": (
        "Press the new key for “{intent}”: it replaces {keys} (Esc counts as a key here: a click cancels)"
    ),
    "settings.key_replaced": "{intent}: {key} (was {old})",
    "settings.key_kept": "{intent} keeps {keys}",
    "settings.reset_keys": "Reset keys",
    "settings.keys_reset": "Every action has its default keys again",
    "settings.keys_already_default": "Every action already has its default keys",
    "settings.reset_keys_confirm": "Give every action its default keys again? The keys you chose are lost.",
    "settings.save_failed": "Could not save the settings: {reason}",
    "settings.key_in_use": "{key} was also bound to “{intent}”: removed there",
    "settings.key_swapped": "{key} was the key for “{intent}”, which now uses {other}",
    "settings.keys_repaired": (
        "Settings file: key bindings repaired (one action per key, at most {most} keys each): {actions}"
    ),
    "settings.keys_repaired_more": "{count} more",
    "settings.refused_kept": (
        "The settings file could not be used, so the default settings apply. The old file is kept as {name}."
    ),
    "settings.refused": "The settings file could not be read, so the default settings apply.",
    # at the start: the folder for settings and saves cannot be written (a file in its place...)
    "settings.unwritable": (
        "Nothing can be kept: the game cannot write to {path}. Settings, saves and the "
        "tutorial's progress are lost when it closes."
    ),
    # at the start: only the settings' folder cannot be written
    "settings.unwritable_settings": (
        "Settings cannot be kept: the game cannot write to {path}. Changes to them are lost "
        "when it closes; saves and the tutorial's progress are kept."
    ),
    # at the start: only the folder of saves and the tutorial's progress cannot be written
    "settings.unwritable_saves": (
        "Saves cannot be kept: the game cannot write to {path}. Saves and the tutorial's "
        "progress are lost when it closes; settings are kept."
    ),
    # load
    "load.title": "Load game",
    "load.saved_games": "Saved games",
    "load.empty": "No saved games yet. Games are saved automatically after every move.",
    "load.load": "Load",
    "load.delete": "Delete",
    "load.delete_confirm": "Delete the save “{name}”? This cannot be undone.",
    "load.watch": "Watch",
    "load.record_name": "Table {code}",
    "load.delete_record_confirm": "Delete the record of “{name}”? This cannot be undone.",
    "load.refused": "Refused: {reason}",
    "load.details": "Details: {reason}",
    "load.from_backup": "Restored from its backup",
    "load.opened_backup": (
        "“{name}” was damaged, so its backup (the save before it) was opened; the damaged file is kept."
    ),
    "problem.missing": "the file is not there any more",
    "problem.unreadable": "the file cannot be read",
    "problem.damaged": "the file is damaged",
    "problem.not_save": "this is not a Cacao save",
    "problem.record": "this is a game record, not a save",
    "problem.newer": "it was saved by a newer version of Cacao",
    "problem.invalid": (
        "its game cannot be played back (a move against the rules, or data this version does not know)"
    ),
    # a save whose seats or options this version refuses (a hand-edited name, colour or level)
    "problem.options": "its players or options are not valid (a name, a colour or a level)",
    "problem.write": "the file cannot be written",
    "problem.delete": "the file cannot be removed",
    "load.delete_failed": "Could not delete “{name}”: {reason}",
    "load.list_failed": "The saved games could not be listed: {reason}",
    "load.turn": "Turn {turn}",
    "load.finished": "Finished",
    # Tooltip on the underlined seat of an unfinished save in the Load list
    "load.to_play": "Underlined: {name} is to play",
    "load.autosave": "Autosave",
    # when a save was written, in the Load list (numbers with leading zeros)
    "load.when": "{year}-{month}-{day} {hour}:{minute}",
    "load.autosave_of": "Autosave · {name}",
    "load.failed": "Could not load “{name}”: {reason}",
    # a market faced while holding cacao, left unsold (the next market may still buy some)
    "log.sold_none": "{name} sold no cacao at {price}",
    # under Continue when the autosaved game ended while the window was closed, scores unseen
    "menu.continue_result": "The last game ended: see who won",
    # Continue's caption: the autosave's game (a trial's Continue did not say which game it opened)
    "menu.continue_caption": "Turn {turn} · {names}",
    # the menu opens with this when the autosaved game ended while the window was closed
    "menu.continue_result_notice": (
        "Your last game ended while the window was closed: Continue shows who won."
    ),
    # load.failed, and the refused autosave renamed, so that Continue stops offering it
    "load.failed_kept": "Could not load “{name}”: {reason}. It is kept as “{kept}” (Load game lists it).",
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
    # tooltip of the small final board on the scoring screen
    "scoring.board_tip": "Click to see the final board full size, at the end of the replay",
    "scoring.winners": "{names} share the win!",
    "scoring.chart_turn": "turn",
    "scoring.tiebreak": "tiebreak: cacao",
    # under a seat's name on the scores: who played the seat before (a network seat taken over)
    "scoring.took_over": "took over from {names}",
    # The badge on a winning seat's row of the final scoring table
    "scoring.winner_badge": "Winner",
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
    "5). Market: sell 1 cacao for {prices} gold. Gold mine: 1 or 2 gold. Water: one "
    "step up the water track. Sun site: 1 sun token (keep 3). Volcano: take 2 gold or "
    "pay 1 gold, by the edge value.",
    "rules.overbuild.title": "Overbuilding",
    "rules.overbuild": "Once the jungle pile and the display are empty, you may pay 1 sun token to place a "
    "tile on top of one of your own tiles (each square once). The covered workers are "
    "gone for good.",
    "rules.end.title": "End and scoring",
    "rules.end": "The game ends when every worker tile is placed. Each temple gives 6 gold to the seat "
    "with most workers around it and 3 to the runner-up; a seat with no worker there gets nothing. "
    "Seats tied for first share the 6 and nobody gets the 3; seats tied for second share the 3 "
    "(shares rounded down). Add 1 gold per sun token and your water field (-10 up to +16).",
    "rules.auto.title": "Automatic steps",
    "rules.auto": "Choices that cannot change the result are made for you (gains are taken in full, a "
    "price-{best} market sells). You are asked only when it matters, e.g. how much to sell.",
    "rules.coach.title": "The coach's words",
    "rules.coach": "A hint or a review compares two moves in points: what the final score counts "
    "(gold, the water field, sun tokens, temples), and cacao at what a market would pay. Each "
    "reason says whose count changes and what that is worth to you: an opponent's gain counts "
    'against you. "Now" is this turn; "in the next turns" is what the computer expects over '
    'many deals of the hidden tiles, so it says "about". Workers at the temples: workers '
    "facing a temple. Open spaces: empty jungle squares your workers face; the jungle tile laid "
    "there makes them work. The best square left: the best place the next player can take. "
    "An opponent's counts weigh against you, the leading opponent's more (with 3 or 4 "
    'players), and a count may be worth more or less later: "a greater threat to you" (or '
    '"less of a threat") names such a change when the count stays the same or moves the other way. '
    '"Everything else" sums the smaller reasons, so the lines add up to the margin. "About as '
    'good": the two moves are closer than the computer can tell apart.',
    "rules.tiles.title": "The jungle tiles",
    "rules.tiles.count": "×{n}",
    "rules.tiles.count_two": "×{n} (2 players: ×{two})",
    "tile_action.plantation1": "Each worker facing it takes 1 cacao. Your storage holds 5; more is lost.",
    "tile_action.plantation2": "Each worker facing it takes 2 cacao.",
    "tile_action.market": "Each worker facing it may sell 1 cacao for {price} gold.",
    "tile_action.gold1": "Each worker facing it takes 1 gold.",
    "tile_action.gold2": "Each worker facing it takes 2 gold.",
    "tile_action.water": "Each worker facing it moves your water carrier one field up the track "
    "(-10 up to +16).",
    "tile_action.sun": "Each worker facing it takes 1 sun token (you keep 3 at most). A sun token pays "
    "for overbuilding and is worth 1 gold at the end.",
    "tile_action.temple": "Nothing during play. At the end, the seat with most workers around it "
    "takes 6 gold, the next one 3.",
    "tile_action.volcano": "Volcano variant, in place of the gold mines. Each worker facing it takes "
    "2 gold or pays 1 gold, by the value on the edge it faces.",
    "rules.rulings.title": "Where the rulebooks are silent",
    "rules.rulings": "• Volcano edges: no rulebook prints them. Here a volcano shows +2 on two "
    "neighbouring edges and -1 on the other two, and whoever lays it chooses how it is turned.\n"
    "• A volcano's -1 costs nothing to a seat without gold; payments come before the gains of "
    "the same turn.\n"
    "• With volcanoes, keeping cacao stays a choice at every market, even at {best}, while a volcano "
    "could still make you pay.\n"
    "• Start player: the rules name the oldest player; here the setup chooses or draws who "
    "starts.\n"
    "• Cacao, sun tokens and gold never run out.\n"
    "• The seats resolve one after another, the mover first; they cannot affect each other, so "
    "the order changes nothing.\n"
    "• When the tiles run out, as many spaces as there are tiles are filled, where the mover "
    "chooses; the others stay empty.",
    # misc
    "status.fullscreen_unavailable": "Full screen cannot be toggled on this display.",
    # play scene
    "play.turn": "Turn {turn} · {name}",
    "play.turn_other": "Turn {turn} · {name} · {other} decides",
    "play.your_turn": "{name}: place a worker tile",
    "play.ai_turn": "{name} is choosing where to lay a tile…",
    # a computer seat deciding its fill, then its markets and plantations, after its tile is laid
    "play.ai_fill": "{name} is choosing jungle tiles…",
    "play.ai_resolve": "{name} is choosing what to harvest and sell…",
    "play.fill": "{name}: choose which jungle tile goes on each highlighted space",
    "play.fill_pile": "{name}: choose the space for {tile} from the pile",
    "play.resolve": "{name}: decide how to use your workers",
    "play.resolve_title": "{name}, how do your workers act?",
    "play.game_over": "Game over",
    "play.final_scoring": "The game is over: scoring the temples…",
    "play.confirm": "Confirm",
    "play.undo": "Undo",
    "play.hint": "Hint",
    "play.hinted_preview": "Hint: {preview}",
    "play.menu": "Menu",
    "play.curtain": "Pass to {name}",
    "play.curtain_sub": "When {name} is at the screen, click Ready or press Enter",
    "play.hand": "Hand",
    "play.hand_of": "{name}'s hand",
    "play.ready": "Ready",
    "play.display": "Display",
    "play.pile": "Jungle pile",
    "play.remaining": "Jungle tiles still to come",
    "play.log": "Game log",
    "play.projected": "score now",
    "play.final": "final",
    "play.temples": "Temples",
    "tip.temples": (
        "Each temple by number: every seat's workers beside it and, after them, the gold that seat would "
        "win if the game ended now (6 for the most workers, 3 for the next; a tie for the most "
        "shares 6). Rest the pointer on a temple on the board for its number."
    ),
    "tip.projected": "{name}'s score if the game ended now",
    "tip.own_pile": "Still in the pile: {tiles}",
    "tip.hand_and_pile": "In hand and pile together: {tiles}",
    "tip.panel": "Click to outline this seat's tiles on the board.",
    "tip.display": "Face up: whoever fills a jungle space lays one of these.",
    "tip.hand": "Press {key} (or click) to pick this tile, then Q/E to turn it.",
    "tip.hand_later": "At this seat's next placement, press {key} (or click) to pick this tile.",
    # the hand tile picked now (a trial read "Press 2 to pick this tile" over the one picked)
    "tip.hand_picked": "Picked: Q/E turn it; click a free square to try it there, then Enter lays it.",
    "tip.action.undo": "Take back your last decision (Settings → Undo says how far).",
    "tip.action.undo_net": (
        "Take back your last decision, within your own turn (always so in a network game)."
    ),
    "tip.action.hint": "Ask the computer for a move.",
    # the Hint button in a lesson of the tutorial, which shows the lesson's move
    "tip.action.show_me": "Lay the lesson's move on the board; Confirm then plays it.",
    "tip.action.confirm": "Play the move shown on the board.",
    "tip.action.menu": "Save, settings, rules or leave the game.",
    # the Menu button's tooltip where the game is not saved here (across machines, a replay)
    "tip.action.menu_unsaved": "Settings, rules or leave the game.",
    "tip.keys": "Keys: {keys}",
    "tip.action_off": "Not available now.",
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
    "play.overbuild_tip": "You may overbuild this tile: pay 1 sun token and lay a tile from your hand on it.",
    # a click on one of your own tiles that cannot be overbuilt now, by reason
    "play.overbuild_later": (
        "You may overbuild your own tiles once the jungle pile and the display are empty, "
        "for 1 sun token each."
    ),
    "play.overbuild_no_sun": "Overbuilding costs 1 sun token, and you have none.",
    "play.overbuild_once": "This square was overbuilt already: each square only once.",
    "play.choice_pending": "Choice to make this turn",
    "play.built_over": "Built over {name}'s {tile} (shown beside it)",
    "play.undone": "Undone",
    # another player of a table across machines took back their last move
    "play.undone_by": "{name} took back their last move",
    "play.undo_nobody": "Nothing to undo: no one has played yet",
    "play.undo_nothing": "Nothing to undo",
    # a spectator pressed Undo (a trial's spectator was told "Nothing to undo")
    "play.undo_watching": "You are watching: only the players take back their moves",
    # Undo while the link to the host is down or ended
    "play.undo_offline": "Not connected to the host: nothing can be taken back",
    "play.undo_other_human": "Undo stops at {name}'s move: it is theirs to keep",
    "play.undo_turn_over": (
        "The next player has acted: undo stays within your own turn here (Settings → Undo)"
    ),
    "play.undo_reveal": "A tile was drawn since: undo cannot go back past it here (Settings → Undo)",
    # the same refusals in a game across machines: its undo is always strict (no setting)
    "play.undo_turn_over_net": "The next player has acted: undo stays within your own turn in a network game",
    "play.undo_reveal_net": "A tile was drawn since: undo cannot go back past it in a network game",
    "play.undo_standin": "The computer made that move for you while you were away: it cannot be taken back",
    "play.autosave_failed": "Autosave failed: {reason}. This game is not being saved.",
    "play.autosave_ok": "Autosave works again",
    # a computer seat's timed move is long past its thinking time (a busy machine, a stopped helper)
    "play.ai_overdue": "{name} is taking longer than its thinking time: this computer may be busy…",
    # a computer seat's move or a hint: the worker process died and a new one took over
    "play.ai_restarted": (
        "The computer's thinking stopped unexpectedly and was restarted: it is thinking again"
    ),
    # after the worker died several times: the window's own process thinks from now on
    "play.ai_in_process": (
        "The computer's thinking stopped unexpectedly again: it goes on in the game's own process, "
        "which may slow the window"
    ),
    "flow.unfinished": "An unfinished game is waiting: {name}. Keep it as a saved game and start a new one?",
    "flow.keep_and_start": "Keep it, start new",
    "flow.unfinished_open": (
        "An unfinished game is waiting: {name}. Keep it as a saved game and open “{save}”?"
    ),
    "flow.keep_and_open": "Keep it, open the save",
    "flow.turn": "turn {turn}",
    "flow.unfinished_name": "Unfinished {stamp}",
    "flow.saved_name": "Game {stamp}",
    "flow.kept": 'The unfinished game is kept as "{name}" (Load game)',
    "flow.keep_failed": "The unfinished game could not be kept: {reason}",
    "flow.kept_finished": 'The finished game is kept as "{name}" (Load game)',
    "flow.keep_finished_failed": "The finished game could not be kept, so nothing new started: {reason}",
    "play.hint_thinking": "Thinking of a hint…",
    "play.hint_not_your_turn": "Hints are for your turn: ask again when it is yours.",
    # H at a spectator's table across machines
    "play.hint_watching": "You are watching: hints are for the players.",
    # H while the link to the host is down or ended
    "play.hint_offline": "Not connected to the host: no hint can be asked.",
    "play.hint_game_over": "The game is over: Review game on the scores looks back at your moves.",
    # H pressed while another seat's move animates: the hint is kept for the player's turn
    "play.hint_awaited": "Hint asked: it comes when it is your turn.",
    "play.hint_ready": "Hint: the highlighted move",
    # a table across machines whose host turned hints off: H, and the greyed Hint button's tooltip
    "play.hints_off": "Hints are off at this table: the host's choice.",
    "play.hints_off_yours": "Hints are off at this table: you hosted it without them.",
    "play.saved": "Saved: {where}",
    "play.save_failed": "Could not save: {reason}",
    "play.temple_name": "Temple {number}",
    "play.temple_tip": "Temple — workers: {workers}",
    "play.temple_awards": "Now: {awards}",
    "play.nobody": "nobody",
    "play.seat_value": "{name}: {value}",
    "play.fill_space": "Must be filled this turn",
    "play.rotate_hint": "{rotate} rotate · {confirm} confirm · {cycle} next · {undo} undo · {hint} hint",
    # the same keys at a table without hints (its host turned them off)
    "play.rotate_hint_no_hints": "{rotate} rotate · {confirm} confirm · {cycle} next · {undo} undo",
    # the keys of a fill: {tiles} the keys that pick display tiles ("1/2"), {cycle} the next space
    "play.fill_hint": (
        "{tiles} or click a display tile, then {cycle} or click a space · {rotate} turn a volcano · "
        "{confirm} confirm"
    ),
    "play.fill_hint_base": (
        "{tiles} or click a display tile, then {cycle} or click a space · {confirm} confirm"
    ),
    "play.place_missing": "Choose a square first: click a highlighted square, or press {cycle}",
    "replay.status": "Replay · turn {turn} of {turns} · ← → step · Home / End jump · Esc back",
    # a replay's header before the first move is shown
    "replay.deal": "The deal · {name} starts",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Next",
    "replay.last": "Last",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.speed": "{speed}×",
    "log.turn": "Turn {turn}: {name}",
    # a seat's name on the moves the host's stand-in AI made for its away player
    "log.standin_name": "{name} (AI)",
    "log.place": "{name} placed {tile}",
    "log.overbuild": "{name} overbuilt with {tile} (1 sun)",
    "log.fill": "{name} laid {jungle}",
    "log.gold": "{name} +{n} gold",
    "log.paid": "{name} paid {n} gold at a volcano",
    # a volcano's -1 edge met a seat with no gold (a trial read "paid 0 gold"), or with less
    # gold than it owed
    "log.paid_none": "{name} had no gold to pay at a volcano",
    "log.paid_all": "{name} paid {n} gold at a volcano, all they had",
    "log.water": "{name} water {start} → {end}",
    "log.temple": "Temple {number}: {awards}",
    "preview.nothing": "nothing for you",
    "preview.with_choices": "{gains} with your choices",
    "preview.with_choices_about": "about {gains} with your choices",
    "outcome.harvest": "harvest {n}",
    "outcome.keep": "don't sell at {price}",
    "outcome.gold": "take {n} gold",
    "outcome.pay": "pay {n} gold",
    "outcome.water": "water +{n}",
    "outcome.sun": "take {n} sun",
    "outcome.nothing": "nothing happens",
    "outcome.no_change": "no change",
    "play.resolve_other": "{name} decides (during {mover}'s turn)",
    "play.resolve_help": "Click a row or press its number to choose it; again, or Enter, plays it.",
    "play.resolve_keys": "{rows} choose a row · again or {confirm} play it · {cycle} next row · "
    "{undo} undo · {hint} hint",
    "play.resolve_keys_no_hints": "{rows} choose a row · again or {confirm} play it · {cycle} next row · "
    "{undo} undo",
    "play.ai_pick": "the computer's pick",
    "preview.then": "then {gains} with your choices",
    "preview.then_about": "then about {gains} with your choices",
    "preview.then_nothing": "then nothing more",
    "preview.temples": "{gold} at the temples as things stand",
    "preview.gives": "{name} {gains}",
    "jungle.plantation1": "a plantation",
    "jungle.plantation2": "a double plantation",
    "jungle.market": "a market ({price})",
    "jungle.gold1": "a gold mine (1)",
    "jungle.gold2": "a gold mine (2)",
    "jungle.water": "a water hole",
    "jungle.sun": "a sun-worshiping site",
    "jungle.temple": "a temple",
    "jungle.volcano": "a volcano",
    "jungle_name.plantation1": "Single plantation",
    "jungle_name.plantation2": "Double plantation",
    "jungle_name.market": "Market ({price})",
    "jungle_name.gold1": "Gold mine (1)",
    "jungle_name.gold2": "Gold mine (2)",
    "jungle_name.water": "Water",
    "jungle_name.sun": "Sun-worshiping site",
    "jungle_name.temple": "Temple",
    "jungle_name.volcano": "Volcano",
    "tile.1111": "1 worker each side",
    "tile.2101": "2 workers + 1 each beside",
    "tile.3001": "3 workers + 1 on the left",
    "tile.3100": "3 workers + 1 on the right",
    "tile.sides": "{first}, {rest}",
    "float.full": "-{n} (full)",
    # key names as the keyboard shows them
    "key.ctrl": "Ctrl+{key}",
    "key.shift": "Shift+{key}",
    "key.escape": "Esc",
    "key.return": "Enter",
    "key.space": "Space",
    "key.tab": "Tab",
    "key.home": "Home",
    "key.end": "End",
    "key.backspace": "Backspace",
    "key.delete": "Del",
    "key.keypad": "Num {key}",
    # number formats
    "format.decimal_point": ".",
    # the plural form of a number shown with decimals: "other" (always the plural: English
    # "0.8 points", German "0,8 Punkte") or "integer" (the form of its whole part: French
    # "0,8 point", "1,5 point", "2,5 points"); translate with one of these two words only
    "format.decimal_plural": "other",
    # command line (python -m cacao_game)
    "cli.description": "Cacao, the tile-laying game. Without --headless the game opens full screen.",
    "cli.help.headless": "play AI-only games without a window",
    "cli.help.seats": "comma-separated AI levels, one per seat, 2-4 seats ({levels})",
    "cli.help.seed": "seed of the first game (default: random)",
    "cli.help.variant": "base game or volcano variant (default: base)",
    "cli.help.games": "games to play, seeds N, N+1, ...",
    "cli.help.record": (
        "write the game record (a folder of records for --games > 1); an existing file is "
        "kept unless --force is given, and a save is never replaced"
    ),
    "cli.help.force": "with --record or --json: replace an existing file (never a save)",
    "cli.help.windowed": "open in a window instead of full screen",
    "cli.help.load": (
        "open a saved game; with --headless, AI seats finish it (human seats: {level}, or --seats "
        "for every seat) and the result is printed"
    ),
    "cli.help.replay": "watch a game record; with --headless, check it and print its result",
    "cli.seat_count": "2 to 4 seats are needed, not {count}",
    "cli.unknown_level": "unknown AI level {level}; choose from {levels}",
    "cli.at_least_one": "expected at least 1",
    "cli.expected": "expected {what}, not {text}",
    "cli.what.whole": "a whole number",
    "cli.what.seat": "a seat number",
    "cli.what.seconds": "seconds",
    "cli.seat_range": "seats are numbered 0 to 3",
    "cli.seconds_range": "expected more than 0 and at most 3600 seconds",
    "cli.review_group": "game review",
    "cli.help.review": (
        "review every decision of a game record (or a save): the move played, the AI's best, "
        "the points lost and a mark, then a summary per seat"
    ),
    "cli.help.review_seat": "review seat N only (from 0)",
    "cli.help.budget": "search time per decision instead of a number of search iterations",
    "cli.help.iterations": (
        "search iterations per decision (default {two}, {three} or {four} for 2, 3 or 4 players): "
        "the same review on every run"
    ),
    "cli.help.json": "also write the review as JSON (kept unless --force)",
    # command line: the network host (python -m cacao_game --serve)
    "cli.serve_group": "network host",
    "cli.help.serve": (
        "host tables for players on other machines, without a window; a player opens a table "
        "from Host a game (this server's address in Server) and shares the table code"
    ),
    "cli.help.port": "with --serve: the port to listen on (default {port})",
    "cli.help.bind": (
        "with --serve: the address to listen on (default 127.0.0.1, this machine only; "
        "0.0.0.0 lets every machine that can reach this one join)"
    ),
    "cli.help.serve_dir": "with --serve: the folder for the tables' autosaves and records",
    "cli.help.back_by_name": (
        "with --serve: a player whose connection dropped may take their seat back by joining "
        "under the same name, without their saved seat (anyone with the table code could then "
        "play a dropped player's hand)"
    ),
    "cli.port_range": "a port is a number from 0 to 65535",
    "cli.serve_options": "--port, --bind, --serve-dir and --back-by-name go with --serve",
    "cli.serve_alone": "--serve goes alone with --port, --bind, --serve-dir and --back-by-name",
    "cli.cannot_review": "cacao: cannot review {path}: {reason}",
    "cli.cannot_write_review": "cacao: cannot write the review to {path}: {reason}",
    "cli.cannot_load": "cacao: cannot load {path}: {reason}",
    "cli.cannot_replay": "cacao: cannot replay {path}: {reason}",
    "cli.cannot_write": "cacao: cannot write the record to {path}: {reason}",
    "cli.broken_link": "a broken link is in the way",
    "cli.is_folder": "it is a folder",
    "cli.not_regular": "it is not a regular file",
    "cli.is_save": "it is a save; a record never replaces a save",
    "cli.exists": "the file exists (add --force to replace it)",
    "cli.not_folder": "{path} is not a folder",
    "cli.empty_path": "an empty path",
    "cli.summary": "summary of {games} games ({variant}):",
    "cli.summary_seat": "  seat{seat} {level:>8}: wins {wins} ({percent}%), mean total {mean}",
    "cli.speed": "  {speed} games per second",
    "cli.loaded": "loaded {path}: turn {turn}, seats {levels}",
    "cli.record": "record {path}: {turns} turns, {state}",
    "cli.finished": "finished",
    "cli.unfinished": "unfinished at turn {turn}",
    "cli.seats_mismatch": "--seats lists {count} seats; the saved game has {players}",
    "cli.load_and_replay": "--load and --replay do not go together",
    "cli.opened_options": "--variant and --games do not go with --load or --replay",
    "cli.replay_options": "--seats and --record do not go with --replay",
    "cli.headless_options": "--seats, --games and --record go with --headless",
    "cli.force_alone": "--force goes with --record or --json",
    "cli.review_options": "--seat, --budget, --iterations and --json go with --review",
    "cli.review_alone": "--review goes alone with --seat, --budget, --iterations and --json",
    "cli.budget_or_iterations": "--budget and --iterations do not go together",
    "cli.seat_out_of_range": "--seat {seat}: the game has seats 0 to {last}",
    "cli.headless_seats": "--headless needs --seats, e.g. --seats random,random",
    # tutorial
    "tutorial.menu": "Learn to play",
    "tutorial.player": "Player",
    "tutorial.guide_kind": "Your guide",
    "tutorial.well_done.title": "Well done!",
    "tutorial.well_done": "Watch your workers at work: the board shows what each one gets.",
    "tutorial.like_this": "Like this:",
    "tutorial.menu_caption": "New to Cacao? A guided game, about 10 minutes",
    # the tutorial's saved progress (and its backup) could not be read: kept aside, started over
    "tutorial.kept_refused": (
        "The tutorial's saved progress could not be read: it starts over, and the file is kept as {name}."
    ),
    "tutorial.resumed": "Tutorial resumed: {chapter}",
    # the tutorial's file was damaged and its backup (the save before the last) read
    "tutorial.resumed_backup": "Tutorial resumed from its backup (its file could not be read): {chapter}",
    "tutorial.lesson": "Lesson {number} of {count}",
    "tutorial.next": "Next",
    "tutorial.show": "Show me",
    "tutorial.restart": "Start over",
    "tutorial.leave": "Leave the tutorial? It keeps your place: Learn to play takes you back to it.",
    "tutorial.menu_resume": "Resume at lesson {number} of {count}",
    "tutorial.restart_confirm": "Start the tutorial again from the first lesson?",
    "tutorial.answer_shown": "The answer is on the board: press Enter or Confirm to play it.",
    "tutorial.saved": "Tutorial progress saved",
    "tutorial.done": "Tutorial complete: you know the whole game now!",
    "tutorial.failed": "The tutorial could not start: {reason}",
    "tutorial.status_next": "Read the lesson on the right, then press Next",
    "tutorial.watch.title": "Coco's turn",
    "tutorial.watch": (
        "Coco is playing. Watch the board: the tile she lays, the spaces she fills and what "
        "every worker around them gets. The log on the right lists each step."
    ),
    "tutorial.wrong.square": "Not that square.",
    "tutorial.wrong.tile": "Wrong tile: use the one highlighted in your hand ({tile}).",
    "tutorial.wrong.turn": "Right square, but turn the tile (Q/E, right-click or Ctrl+wheel).",
    "tutorial.wrong.overbuild": "This turn, overbuild: lay the tile on your outlined tile.",
    "tutorial.wrong.place": "Lay the tile on an empty square this time.",
    "tutorial.wrong.fill": "That space should get {tile}.",
    "tutorial.wrong.fill_all": "Give each highlighted space its tile.",
    "tutorial.wrong.choice": "Not this row.",
    "tutorial.wrong.wait": "Press Next first.",
    "tutorial.chapter.first_tile": "Your first worker tile",
    "tutorial.chapter.harvest_sell": "Harvest, then sell",
    "tutorial.chapter.activation": "Other tiles wake your workers",
    "tutorial.chapter.filling": "Filling jungle spaces",
    "tutorial.chapter.water": "Water",
    "tutorial.chapter.temples": "Temples",
    "tutorial.chapter.markets": "Markets",
    "tutorial.chapter.sun": "Sun-worshiping sites",
    "tutorial.chapter.practice": "Practice",
    "tutorial.chapter.overbuild": "Overbuilding",
    "tutorial.chapter.scoring": "Final scoring",
    "tutorial.step.welcome": (
        "Welcome to Cacao! You and Coco each lead a tribe into the jungle. Whoever has the most "
        "gold once every worker tile is placed wins; water, sun tokens and temples count as "
        "gold then. This guided game takes about ten minutes; "
        "leave whenever you like (Menu or Esc): it waits for you under Learn to play."
    ),
    "tutorial.step.village": (
        "Your village, top right: gold (your points), cacao storage (5 places), sun tokens "
        "(3 places) and the water track. Your water carrier starts on -10: ten points lost "
        "unless your workers find water. Coco's village is just below yours."
    ),
    "tutorial.step.place": (
        "Each turn you lay one worker tile next to a jungle tile. Take the highlighted tile in "
        "your hand (click it or press 1) and turn it with Q/E or a right-click until 2 workers "
        "point left, to the plantation, and 1 worker points down, to the market. Then click "
        "the highlighted square, then again (or press Enter) to confirm."
    ),
    "tutorial.why.place": "2 workers must face the plantation on the left, 1 worker the market below.",
    "tutorial.step.sell": (
        "Every worker touching a jungle tile acts now, edge by edge, in the order that serves "
        "you best. Your storage is empty, so harvest first: your 2 workers at the plantation "
        "take 2 cacao. Then sell: your worker at the market sells 1 cacao for 2 gold. Choose "
        "“harvest 2, sell 1 at 2” in the panel on the board."
    ),
    "tutorial.why.sell": "This lesson sells too: choose the row that harvests 2 and sells 1 of them "
    "for 2 gold.",
    "tutorial.step.coco_fill": (
        "Coco laid her tile above the plantation. The space between her tile and yours then "
        "touched two worker tiles, so she had to fill it from the display: a gold mine. Your "
        "worker facing it acted too: +1 gold for you. Each worker acts exactly once: when its "
        "tile is laid, or later when a jungle tile appears next to it."
    ),
    "tutorial.step.fill_place": (
        "Your turn. Lay the highlighted tile left of the plantation, turned so its 3 workers "
        "point up, to the empty space beside Coco's tile, and 1 worker points right, to the "
        "plantation."
    ),
    "tutorial.why.fill_place": "3 workers up, to the empty space; 1 worker right, to the plantation.",
    "tutorial.step.fill_choose": (
        "The space above your new tile touches two worker tiles, yours and Coco's: it must be "
        "filled from the display, and you choose the tile. Pick the water (click it or press "
        "its number), click the highlighted space, then press Enter."
    ),
    "tutorial.why.fill_choose": "Your 3 workers face this space: water moves you 3 fields up.",
    "tutorial.step.water": (
        "Each of your 3 workers at the water moved your carrier one field: from -10 up to 0. "
        "That is ten points! Coco's worker on the other side of the space acted too, so her "
        "carrier moved one field. Filling a space wakes every worker around it, friend or rival."
    ),
    "tutorial.step.temple_place": (
        "Coco laid a temple with 2 of her workers next to it. Temples pay at the end: the most "
        "workers around a temple win 6 gold, the second most 3. Outdo her: lay the highlighted "
        "tile left of the temple, turned so its 3 workers point right, to the temple."
    ),
    "tutorial.why.temple_place": "Left of the temple, the 3 workers pointing right.",
    "tutorial.step.temple_fill": (
        "Your tile's single worker points up, to a space that must now be filled. Take the "
        "double plantation: 2 cacao at once. Leave the market in the display: you will want it "
        "next turn, with cacao to sell."
    ),
    "tutorial.why.temple_fill": "Take the double plantation now; the market is for next turn.",
    "tutorial.step.temple_lead": (
        "You lead this temple, 3 workers to 2. The Temples panel at the top left of the board "
        "shows each temple's workers and what it would pay now. Nothing is final: Coco may "
        "still add workers."
    ),
    "tutorial.step.market_place": (
        "Time to sell cacao. Lay the highlighted tile below your temple, turned so its 2 workers "
        "point left: that space must be filled, and it will get the market (3). Its top worker "
        "adds one more to your temple."
    ),
    "tutorial.why.market_place": "Below your temple: 2 workers left, 1 worker up to the temple.",
    "tutorial.step.market_fill": (
        "Give the space the market (3). Your 2 workers facing it can each sell 1 cacao for 3 gold."
    ),
    "tutorial.why.market_fill": "Your 2 workers facing it can each sell 1 cacao there for 3 gold.",
    "tutorial.step.market_sell": (
        "You hold 4 cacao. Each worker at a market sells at most 1 cacao, so your 2 workers "
        "sell up to 2. Sell both: choose “sell 2 at 3” for +6 gold."
    ),
    "tutorial.why.market_sell": "Choose the row that sells 2 cacao (+6 gold).",
    "tutorial.step.sun_place": (
        "Coco used the water with 3 workers. Your turn: lay the highlighted tile right of the "
        "market (2), 2 workers pointing up and 1 pointing left to the market. The spaces above "
        "and below it then touch two tiles each."
    ),
    "tutorial.why.sun_place": "Right of the market (2): 2 workers up, 1 worker left.",
    # the display's first tile (the plantation) is picked at first: a trial, the mouse resting
    # on the space above, saw the plantation drawn there, the opposite of the lesson
    "tutorial.step.sun_fill": (
        "Two spaces, two display tiles: you decide which goes where. The sun-worshiping site "
        "goes above your tile, where your 2 workers point: pick it in the display (2), then "
        "click that space. The plantation goes below, where Coco's worker will harvest. Then "
        "press Enter."
    ),
    "tutorial.why.sun_fill": "Sun site above your tile (your 2 workers), plantation below.",
    "tutorial.step.sun_sell": (
        "Your 2 workers at the sun site took 2 sun tokens. You hold 2 cacao; your worker at the "
        "market (2) sells 1 of them: choose “sell 1 at 2”."
    ),
    "tutorial.why.sun_sell": "Choose the row that sells 1 cacao (+2 gold).",
    "tutorial.step.sun_tokens": (
        "You hold 2 sun tokens (3 at most). Each is worth 1 gold at the end; better still, once "
        "the jungle runs out, a sun token lets you overbuild. You will see. Now Coco's turn."
    ),
    "tutorial.step.practice_1": (
        "Practice: lay a 1-1-1-1 tile on the outlined square, left of the double plantation. "
        "It touches two empty spaces, so both will be filled."
    ),
    "tutorial.why.practice_1": "Use the outlined square, left of the double plantation.",
    "tutorial.step.practice_1_fill": (
        "Market (4) above, plantation below. Your worker at the market (4) sells your cacao for "
        "4 gold and the other two harvest 3 cacao. A market that pays 4 sells without asking."
    ),
    "tutorial.why.practice_1_fill": "Market (4) above your tile, plantation below.",
    "tutorial.step.practice_2": (
        "A market (4) pays best. Lay the outlined tile left of it, with 2 workers pointing at it."
    ),
    "tutorial.why.practice_2": "Use the outlined square, 2 workers pointing right to the market (4).",
    "tutorial.step.practice_2_fill": (
        "Give the space the double plantation: two of your workers face it and harvest 2 cacao "
        "each, and your 2 workers at the market (4) sell 2 cacao for 8 gold. The game sells "
        "first by itself, so no harvest is lost (storage holds 5)."
    ),
    "tutorial.why.practice_2_fill": "Two of your workers face it: each harvests 2 cacao there.",
    "tutorial.step.practice_3": (
        "Lay the outlined tile above the market (4): 2 workers down to sell 2 more cacao for 8, "
        "1 worker right to Coco's temple (second place pays 3), 1 left to a space to fill."
    ),
    "tutorial.why.practice_3": "Use the outlined square: 2 workers down, 1 right, 1 left.",
    "tutorial.step.practice_3_fill": (
        "Gold mine (2) on the space: two of your workers face it, this tile's and the one below "
        "it, which has waited for a jungle tile since last turn. +4 gold."
    ),
    "tutorial.why.practice_3_fill": (
        "Two of your workers face it: +2 gold each. The market (3) is for your next turn."
    ),
    "tutorial.step.practice_4": (
        "Lay a 1-1-1-1 tile on the outlined square, left of the lower double plantation."
    ),
    "tutorial.why.practice_4": "Use the outlined square.",
    "tutorial.step.practice_4_fill": "Put the market (3) on the space above your tile.",
    "tutorial.why.practice_4_fill": "Your worker facing it can sell 1 cacao there for 3 gold.",
    "tutorial.step.practice_4_sell": (
        "Your workers harvest 2 cacao, and your worker at the market (3) may sell 1 of your "
        "cacao, or you keep it. Sell: choose “sell 1 at 3, harvest 2”."
    ),
    "tutorial.why.practice_4_sell": "Choose the row with +3 gold.",
    "tutorial.step.jungle_empty": (
        "Coco laid the last jungle tile: the pile and the display are empty. Now a turn may "
        "overbuild instead: pay 1 sun token and lay a tile on top of one of your own tiles "
        "(each square once). The new tile's workers act on every jungle tile around it, again."
    ),
    "tutorial.step.overbuild": (
        "Overbuild your outlined tile: it sits between the gold mine (2), both markets and a "
        "double plantation. Click your tile, then click it again (or press Enter)."
    ),
    "tutorial.why.overbuild": "Overbuild the outlined tile, left of the market (4).",
    "tutorial.step.overbuild_sell": (
        "Your new workers act on all four sides: 2 gold from the mine at once, then the "
        "plantation and both markets. Sell at both markets: choose the row with +7 gold."
    ),
    "tutorial.why.overbuild_sell": "Choose the row that sells at both markets (+7 gold).",
    "tutorial.step.last_tile": (
        "Your last tile. Overbuild once more with your last sun token, on the outlined tile above "
        "the market (4): a plantation, a temple, the market and the gold mine all around it."
    ),
    "tutorial.why.last_tile": "Overbuild the outlined tile, above the market (4).",
    "tutorial.step.scoring": (
        "Coco laid her last tile: the game is over. Each temple pays 6 gold to the most workers "
        "and 3 to the second; each sun token left is 1 gold; the water track adds its field "
        "(Coco's +16 shows what water is worth). Left-over cacao counts for nothing. You win, {you} "
        "to {coco}! Press Next for the scores."
    ),
    # coach: explained hints and the game review (the AI gives terms, these words say them)
    "coach.hint_even": "Hint: this move; the next best is about as good",
    "coach.hint_only": "Hint: every other move ends the turn the same way",
    # H with every space of a fill but one given a tile: the last tile goes there
    "coach.hint_forced": "Hint: the last tile for the last space (Undo gives the tiles otherwise)",
    "coach.why": "Compared with the next best move (points in brackets):",
    "coach.differs": "Compared with the next best move, nearly even (points in brackets):",
    "review.why": "Compared with the move played (points in brackets):",
    "list.and": "{rest} and {last}",
    "list.or": "{rest} or {last}",
    "coach.hint_close": "Hint: this move, or another about as good",
    # the move about as good as a hint's, or (coach.next) the next best; {move}: a coach.what
    "coach.other": "The other: {move}",
    "coach.next": "The next best: {move}",
    "coach.what.board": "the outlined move",
    "coach.what.fill": "{tile} on the outlined space",
    "coach.what.turned": "the same square, the tile turned ({laid})",
    "coach.what.tile": "the same square, another tile ({laid})",
    "coach.what.fill_same": "{tile} on the same space",
    "coach.hint_moved": "Not the move on the board now: {hint} lays it there",
    "coach.other_tag": "about as good",
    # the tag of the outlined move a hint is compared with, when the hint is clearly better
    "coach.next_tag": "next best",
    "coach.outcome": "The whole move: {move}",
    "coach.you": "You",
    "coach.reason": "{who}: {what} ({points})",
    "coach.reason_later": "{who}, in the next turns: {what} ({points})",
    "coach.reason_split": "{who}: {now} now, {later} in the next turns ({points})",
    "coach.rest": "Everything else ({points})",
    "coach.beside": "{what}, beside {tile}",
    "coach.weighs.more": "a greater threat to you from {what}",
    "coach.weighs.less": "less of a threat to you from {what}",
    "coach.noun.gold": "their gold",
    "coach.noun.water": "their water field",
    "coach.noun.cacao": "their cacao",
    "coach.noun.sun": "their sun tokens",
    "coach.noun.temples": "their chances at the temples",
    "coach.noun.prospects": "their open spaces",
    "coach.noun.threat": "their best square left",
    "coach.about": "about {what}",
    "coach.sometimes": "sometimes {what}",
    "coach.odds.up.gold": "better chances of gold",
    "coach.odds.down.gold": "worse chances of gold",
    "coach.odds.up.water": "better chances on the water track",
    "coach.odds.down.water": "worse chances on the water track",
    "coach.odds.up.cacao": "better chances of cacao",
    "coach.odds.down.cacao": "worse chances of cacao",
    "coach.odds.up.sun": "better chances of sun tokens",
    "coach.odds.down.sun": "worse chances of sun tokens",
    "coach.odds.up.temples": "better chances at the temples",
    "coach.odds.down.temples": "worse chances at the temples",
    "coach.odds.up.prospects": "better open spaces",
    "coach.odds.down.prospects": "worse open spaces",
    "coach.odds.up.threat": "a better square left",
    "coach.odds.down.threat": "a worse square left",
    "coach.nothing": "no single reason stands out",
    "review.button": "Review game",
    "review.title": "Reviewing the game",
    "review.body": (
        "The computer replays every decision of {names} and searches each over {n} deals of the hidden tiles."
    ),
    "review.progress": "{done} of {total} decisions",
    "review.progress_left": "{progress} · about {seconds} s left",
    "review.starting": "Starting the computer…",
    "review.cancel": "Cancel",
    "review.failed": "The review failed: {reason}",
    "review.decision": "Turn {turn} · {name} · {phase}: {verdict}",
    "review.phase.place": "placement",
    "review.phase.fill": "jungle tile",
    "review.phase.resolve": "workers",
    "review.mark.good": "good",
    "review.mark.inaccuracy": "inaccuracy",
    "review.mark.mistake": "mistake",
    "review.mark.blunder": "blunder",
    "review.good": "The computer finds no move a point better.",
    "review.better_board": "Better: the gold ghost on the board (played: red outline)",
    "review.better_same": "Better: the gold ghost, on the square played (played: {laid})",
    # the better move lays the same tile on the same square, turned another way
    "review.better_turned": (
        "Better: the same tile on the square played, turned as the gold ghost (played: {laid})"
    ),
    "review.played": "Played: {move}",
    "review.better": "Better: {move}",
    "review.summary": (
        "{name}: accuracy {accuracy}% · inaccuracies {inaccuracies} · mistakes {mistakes}"
        " · blunders {blunders}"
    ),
    # the same under a heading that names the seat
    "review.summary_own": (
        "Accuracy {accuracy}% · inaccuracies {inaccuracies} · mistakes {mistakes} · blunders {blunders}"
    ),
    "review.overview": "Game review",
    # the marks of the summary line above it, by the points a decision lost to the best one
    "review.marks": (
        "Points lost to the best move: inaccuracy from {inaccuracy}, mistake from {mistake},"
        " blunder from {blunder}"
    ),
    "review.standin_turn": "This turn the AI played for {name} (away): not reviewed.",
    "review.to_flags": "Tab jumps to the next decision that lost a point or more.",
    "review.back_to_flags": "Shift+Tab goes back to the decisions that lost a point or more.",
    "review.no_flags": (
        "No decision cost a point or more. ← and → step through every decision, Home goes to the first."
    ),
    # the review's helper process died: a new one goes on from the decisions already reviewed
    "review.restarted": (
        "The review's helper stopped unexpectedly and was restarted: it goes on after {done} of {total}."
    ),
    # the review's worker died once too often: the window's own process reviews from now on
    "review.in_process": (
        "The review's helper stopped unexpectedly again: the review goes on in the game's own "
        "process after {done} of {total}, which may slow the window."
    ),
    # the review at a reviewed decision, counted as the review's progress counts them; {keys}:
    # review.keys, or review.keys_last after the last flagged decision
    "review.status": "Review · decision {decision} of {decisions} · {keys}",
    # the review at the start of a turn, before its first reviewed decision (if any)
    "review.status_turn": "Review · turn {turn} · {keys}",
    "review.keys": "← → step · Tab next flagged · Esc back",
    # after the last flagged decision: Tab has nothing to jump to (a retest read it there)
    "review.keys_last": "← → step · Esc back",
    "review.flag_prev": "‹ Flag",
    "review.flag_next": "Flag ›",
    "review.played_tag": "played",
    "review.better_tag": "better",
    "tip.action.flag_prev": "The previous decision that lost a point or more.",
    "tip.action.flag_next": "The next decision that lost a point or more.",
}

EN_PLURALS: dict[str, tuple[str, str]] = {
    # A row of a market's resolution: German says "each" only for more than one
    "outcome.sell": ("sell {n} at {price}", "sell {n} at {price}"),
    # Undo took back more than one decision here (casual undo: the AI's moves since too)
    "play.undone_many": (
        "Undone: {n} decision taken back, to turn {turn}",
        "Undone: {n} decisions taken back, to turn {turn}",
    ),
    # members watching a table across machines (no seat): the lobby, right of the turn order
    # heading, and the table's top bar after the variant
    "net.spectators": ("{n} watching", "{n} watching"),
    # a text field full when more is typed or pasted (a player's name, a table code)
    "widgets.text_full": (
        "This field holds at most {n} character.",
        "This field holds at most {n} characters.",
    ),
    # told once to a player back at their seat across machines
    "net.standin_played": (
        "While you were away, the AI played {n} turn for you.",
        "While you were away, the AI played {n} turns for you.",
    ),
    # the same when the AI laid none of their tiles (it only filled a space, chose a sale...)
    "net.standin_decided": (
        "While you were away, the AI made {n} decision for you.",
        "While you were away, the AI made {n} decisions for you.",
    ),
    "play.pile_left": ("{n} left", "{n} left"),
    # a seat's water track; {n} is signed (+4, -1, 0): the form follows its size
    "tip.water": (
        "{name}'s water track: worth {n} point now. Each worker facing a water tile moves the "
        "water carrier one field right.",
        "{name}'s water track: worth {n} points now. Each worker facing a water tile moves the "
        "water carrier one field right.",
    ),
    # a worker tile as laid, side by side on the screen (app/tile_words.py: laid_tile)
    "tile.side.0": ("{n} worker up", "{n} workers up"),
    "tile.side.1": ("{n} worker right", "{n} workers right"),
    "tile.side.2": ("{n} worker down", "{n} workers down"),
    "tile.side.3": ("{n} worker left", "{n} workers left"),
    "play.in_pile": ("+{n} in pile", "+{n} in pile"),
    "settings.values_defaulted": (
        "Settings file: {names} had a value the game cannot use and is back to its default; "
        "change it in Settings.",
        "Settings file: {names} had values the game cannot use and are back to their defaults; "
        "change them in Settings.",
    ),
    "play.fill_missing": (
        "{n} space still needs a jungle tile: click a display tile, then the space "
        "(or {cycle}, then {confirm})",
        "{n} spaces still need a jungle tile: click a display tile, then a space "
        "(or {cycle}, then {confirm})",
    ),
    "tip.gold": (
        "{name} has {n} gold: each gold is a point at the end.",
        "{name} has {n} gold: each gold is a point at the end.",
    ),
    "tip.cacao": (
        "{name} holds {n} of at most 5 cacao. "
        "Markets buy them; cacao left at the end scores nothing (it only breaks ties).",
        "{name} holds {n} of at most 5 cacao. "
        "Markets buy them; cacao left at the end scores nothing (it only breaks ties).",
    ),
    "tip.sun": (
        "{name} has {n} of at most 3 sun tokens. "
        "One pays for an overbuild; each one left is a point at the end.",
        "{name} has {n} of at most 3 sun tokens. "
        "One pays for an overbuild; each one left is a point at the end.",
    ),
    "tip.tiles": (
        "{name} has {n} worker tile in hand and {pile} in the pile.",
        "{name} has {n} worker tiles in hand and {pile} in the pile.",
    ),
    # at the right of the game log's title while it is scrolled back: the lines below the view
    "play.log_below": ("{n} more line below", "{n} more lines below"),
    "tip.pile": (
        "{n} jungle tile face down. At the end of each turn the display is refilled from here.",
        "{n} jungle tiles face down. At the end of each turn the display is refilled from here.",
    ),
    "tip.remaining": (
        "{n} still to come; the chance that the next tile drawn is one: {odds} %",
        "{n} still to come; the chance that the next tile drawn is one: {odds} %",
    ),
    # some of them lie face up in the display now; the next tile drawn comes from the pile only
    "tip.remaining_display": (
        "{n} still to come, {shown} in the display now; the chance that the next tile drawn from the pile"
        " is one: {odds} %",
        "{n} still to come, {shown} in the display now; the chance that the next tile drawn from the pile"
        " is one: {odds} %",
    ),
    "preview.opens": ("opens {n} square to the others", "opens {n} squares to the others"),
    "preview.opens_opponent": ("opens {n} square to your opponent", "opens {n} squares to your opponent"),
    "scoring.temple_workers": ("{n} worker", "{n} workers"),
    "yield.cacao": ("{n:+d} cacao", "{n:+d} cacao"),
    "yield.gold": ("{n:+d} gold", "{n:+d} gold"),
    # water carrier steps (not points: a field of the track is worth its printed value)
    "yield.water": ("+{n} water step", "+{n} water steps"),
    "yield.sun": ("{n:+d} sun", "{n:+d} sun"),
    "yield.lost": ("{n} cacao lost", "{n} cacao lost"),
    "log.cacao": ("{name} +{n} cacao", "{name} +{n} cacao"),
    "log.cacao_lost": (
        "{name} +{n} cacao ({lost} lost: storage full)",
        "{name} +{n} cacao ({lost} lost: storage full)",
    ),
    "log.cacao_full": ("{name}: storage full, {n} cacao lost", "{name}: storage full, {n} cacao lost"),
    "log.sold": ("{name} sold {n} cacao for {gold} gold", "{name} sold {n} cacao for {gold} gold"),
    # a market the seat chose not to sell at, holding n cacao (a trial saw no trace of the choice)
    "log.sun": ("{name} +{n} sun", "{name} +{n} sun"),
    # {n} is a number of points with decimals in both: tn_decimal picks the form
    "coach.hint_margin": (
        "Hint: about {n} point better than the next best move",
        "Hint: about {n} points better than the next best move",
    ),
    "review.verdict": ("{mark}, {n} point lost", "{mark}, {n} points lost"),
    # the review at the game's end, after its last step (a trial saw "step 49 of 49" twice)
    "review.status_end": (
        "Review · the end, {n} decision reviewed · ← step back · Esc back",
        "Review · the end, {n} decisions reviewed · ← step back · Esc back",
    ),
    # the game log's line after the winner when totals tied: n counts the winners
    "log.tiebreak": (
        "{tied} tied on {total}; {winners} kept the most cacao ({cacao}).",
        "{tied} tied on {total}; {winners} kept the most cacao ({cacao} each).",
    ),
    # the game log's line after a shared win: n is the cacao each winner kept
    "log.tie_shared": (
        "Tied on {total} and on cacao ({n} each): the rules share the win.",
        "Tied on {total} and on cacao ({n} each): the rules share the win.",
    ),
    # coach: a count's change in a reason (cacao_game.app.coach_words)
    "coach.more.gold": ("{n} more gold", "{n} more gold"),
    "coach.less.gold": ("{n} less gold", "{n} less gold"),
    "coach.more.water": ("{n} water step up", "{n} water steps up"),
    "coach.less.water": ("{n} water step less", "{n} water steps less"),
    "coach.more.cacao": ("{n} more cacao", "{n} more cacao"),
    "coach.less.cacao": ("{n} less cacao", "{n} less cacao"),
    "coach.more.sun": ("{n} more sun token", "{n} more sun tokens"),
    "coach.less.sun": ("{n} sun token less", "{n} fewer sun tokens"),
    "coach.more.temples": ("{n} more worker at the temples", "{n} more workers at the temples"),
    "coach.less.temples": ("{n} worker less at the temples", "{n} fewer workers at the temples"),
    "coach.more.prospects": ("{n} more worker facing open spaces", "{n} more workers facing open spaces"),
    "coach.less.prospects": ("{n} worker less facing open spaces", "{n} fewer workers facing open spaces"),
    "coach.more.threat": (
        "{n} gold more from the best square left",
        "{n} gold more from the best square left",
    ),
    "coach.less.threat": (
        "{n} gold less from the best square left",
        "{n} gold less from the best square left",
    ),
}
"""Strings with a count: key -> (singular, plural) in English, read with ``tn(key, n)``; each
language has its own plural forms in its catalog."""

RULES_SECTIONS: tuple[str, ...] = ("goal", "turn", "activate", "overbuild", "end", "auto", "coach")
"""Keys of the rules summary: ``rules.<key>.title`` and ``rules.<key>``."""

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def catalog_for(code: str) -> gettext.NullTranslations:
    """The compiled catalog of language ``code`` (the source language has none: its strings
    are the msgids). A missing or unreadable catalog logs a warning and gives English."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, [code])
    except OSError as error:
        log.warning("no catalog for %r (%s), using English", code, error)
        return gettext.NullTranslations()


def set_language(code: str) -> None:
    """Use ``code`` for ``t`` and ``tn``; an unknown code falls back to English with a warning."""
    global _catalog, _language
    if code not in LANGUAGES:
        log.warning("unknown language %r, using English", code)
        code = SOURCE_LANGUAGE
    _catalog, _language = catalog_for(code), code


def language() -> str:
    """The code of the language ``t`` uses now."""
    return _language


def has(key: str) -> bool:
    """True if ``key`` has a string (with ``t``) or plural forms (with ``tn``)."""
    return key in EN or key in EN_PLURALS


FRENCH_ARTICLE: Final = re.compile(r"\b([Dd]e|[àÀ]) (IA\b)")
"""French before the computer seats' names ("IA moyenne", "IA experte"...): "de" and "à" take
the article, "de l’IA", "à l’IA" (a French trial read "Main de IA experte")."""


FRENCH_ELISION: Final = re.compile(r"\b([Dd])e ([AEIOUYÀÂÄÆÉÈÊËÎÏÔŒÙÛÜaeiouyàâäæéèêëîïôœùûü])")
"""French "de" before a word put in that begins with a vowel: "d’Élodie" (a French trial read
"Main de élodie"); the computer seats' names take their article first."""


def _with_articles(text: str) -> str:
    """``text`` formatted in the current language with what its grammar adds around the names
    put in (French: ``FRENCH_ARTICLE``, then ``FRENCH_ELISION``)."""
    if _language != "fr":
        return text
    return FRENCH_ELISION.sub(r"\1’\2", FRENCH_ARTICLE.sub(r"\1 l’\2", text))


def t(string_key: str, /, **kw: object) -> str:
    """The string of ``string_key`` in the current language, formatted with ``kw`` (any
    names, ``key`` included; French adds the article before an AI's name: ``_with_articles``);
    the key itself if it is unknown."""
    english = EN.get(string_key)
    if english is None:
        log.warning("missing string %r", string_key)
        return string_key
    text = _catalog.pgettext(string_key, english)
    return _with_articles(text.format(**kw)) if kw else text


def tn(string_key: str, count: int, /, **kw: object) -> str:
    """The form of ``string_key`` for ``count`` in the current language (its plural rule),
    formatted with ``n=count`` and ``kw`` (``kw`` may give ``n`` itself, e.g. a signed value
    whose size is ``count``); the key itself if it is unknown."""
    forms = EN_PLURALS.get(string_key)
    if forms is None:
        log.warning("missing plural string %r", string_key)
        return string_key
    text = _catalog.npgettext(string_key, forms[0], forms[1], count)
    return _with_articles(text.format(**{"n": count, **kw}))


def joined(names: Sequence[str]) -> str:
    """``names`` as words: "Ana", "Ana and Bo", "Ana, Bo and Cy" (in the player's language)."""
    if len(names) < 2:
        return "".join(names)
    return t("list.and", rest=", ".join(names[:-1]), last=names[-1])


def winners_text(names: Sequence[str]) -> str:
    """Who won, in one sentence: "Ana wins!" or "Ana and Bo share the win!"."""
    if len(names) == 1:
        return t("scoring.winner", name=names[0])
    return t("scoring.winners", names=joined(names))


def short_number(value: float) -> str:
    """``value`` without trailing zeros, with the current language's decimal point (0,5; 2)."""
    return f"{value:g}".replace(".", t("format.decimal_point"))


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals and the current language's decimal point (0,5)."""
    return f"{value:.{digits}f}".replace(".", t("format.decimal_point"))


PLURAL_COUNT: Final = 2
"""A count every language of the game puts in its plural form (English, German, French)."""


def tn_decimal(string_key: str, value: float, digits: int, /, **kw: object) -> str:
    """``tn`` for ``value`` shown with ``digits`` decimals (``decimal``, as ``n``): its form is
    that of its whole part where the language says so (``format.decimal_plural``: French "0,8
    point"), else a number shown with decimals takes the plural ("0.8 points", a French
    trial's "0,8 points" read wrong), and a whole number its own form."""
    whole = int(abs(float(f"{value:.{digits}f}")))
    by_whole = digits == 0 or t("format.decimal_plural") == "integer"
    return tn(string_key, whole if by_whole else PLURAL_COUNT, **{"n": decimal(value, digits), **kw})


def problem_text(error: BaseException, *, details: bool = False) -> str:
    """Why a file was refused or could not be written, in the player's language: a save's
    kind of trouble (``SaveError.kind``, string keys ``problem.<kind>``), followed by the
    error's own one line in brackets if ``details``; any other error's own one line."""
    line = " ".join(str(error).split())
    kind = getattr(error, "kind", None)
    if isinstance(kind, str) and has(f"problem.{kind}"):
        return f"{t(f'problem.{kind}')} ({line})" if details and line else t(f"problem.{kind}")
    return line


def kind_label(kind: str) -> str:
    """How a seat kind (``human`` or an AI level name) is shown."""
    key = f"kind.{kind}"
    return t(key) if has(key) else t("kind.other", level=kind.replace("_", " ").capitalize())


def timed_label(label: str, think_time: float | None) -> str:
    """An AI seat's ``label`` (its level) with its thinking time, where it has one ("Expert
    AI · 5 s per decision"): in the lobbies and under a seat's name at the table (a French
    trial read "thinks 1 s" there as the seat thinking now)."""
    if think_time is None:
        return label
    return t("net.ai_thinks", level=label, seconds=short_number(think_time))


def unique_names(names: list[str]) -> list[str]:
    """``names`` with repeats told apart: the second "Medium AI" becomes "Medium AI 2" (or the
    next number no other name has: a name that already reads "Medium AI 2" keeps it)."""
    taken = set(names)
    seen: set[str] = set()
    result = []
    for name in names:
        shown = name
        repeat = 1
        while shown in seen:
            repeat += 1
            shown = f"{name} {repeat}"
            if shown in taken:
                shown = name
        seen.add(shown)
        result.append(shown)
    return result


def _every_language(key: str, **kw: object) -> frozenset[str]:
    """The string of ``key`` in every language of the game."""
    english = EN[key]
    texts = {catalog_for(code).pgettext(key, english) for code in LANGUAGES}
    return frozenset(text.format(**kw) for text in texts)


PARTS_SEPARATOR: Final = " · "
"""Between the parts of a one-line summary: a decision's key hint (every language's strings
use it), a move's preview, a lobby's heading over the seats."""
SAVE_NAME_KEYS: Final = ("flow.unfinished_name", "flow.saved_name")
"""The strings the game names saves with, each with the save's ``{stamp}``."""
_STAMP: Final = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}( \d+)?")
"""A save name's date and time ("2026-11-27 17-55-55"), numbered on when it was taken."""


@functools.cache
def _save_name_parts() -> tuple[tuple[str, str, str], ...]:
    """``(key, before, after)``: the text around ``{stamp}`` of every ``SAVE_NAME_KEYS`` string
    in every language (read from the catalogs once)."""
    parts = []
    for key in SAVE_NAME_KEYS:
        for template in sorted(_every_language(key, stamp="{stamp}")):
            before, _, after = template.partition("{stamp}")
            parts.append((key, before, after))
    return tuple(parts)


def shown_save_name(name: str) -> str:
    """A save's name as shown: one the game gave ("Unfinished <date time>", "Game <date time>")
    in the current language, in whatever language it was made (a tester saw "Inachevée …"
    among English saves); any other name as it is."""
    for key, before, after in _save_name_parts():
        stamp = name[len(before) : len(name) - len(after)] if name.endswith(after) else ""
        if name.startswith(before) and _STAMP.fullmatch(stamp):
            return t(key, stamp=stamp)
    return name


AUTOMATIC_NUMBERS: Final = range(1, 9)
"""Seat numbers a default human name may carry ("Player 1" .. "Player 8"): a game's seats are
turned so its start player comes first, so "Player 1" may sit in any place."""
REPEATS: Final = range(2, 5)
"""The numbers ``unique_names`` appends to a repeated name."""


@functools.cache
def _automatic_names(kind: str) -> dict[str, tuple[str, int]]:
    """Every name the game itself gives a seat of ``kind``, in any language, numbered repeats
    included ("Medium AI 2"), mapped to what it is: ``("default", n)`` the default name of
    seat ``n`` (a human's) or the ``n``-th AI of its kind (0: the first, named without a
    number), ``("tutorial", 0)`` the tutorial's name for the player. An AI's level name
    ("Medium": a hosted table's name for a computer seat, ``net.tables``) counts as its first."""
    names: dict[str, tuple[str, int]] = {}
    if kind == "human":
        for number in AUTOMATIC_NUMBERS:
            for name in _every_language("setup.default_name", number=number):
                names[name] = ("default", number)
        names.update({f"{name} {n}": meaning for name, meaning in names.items() for n in REPEATS})
    elif has(f"kind.{kind}"):
        first = [*_every_language(f"kind.{kind}"), kind.title()]
        names.update(dict.fromkeys(first, ("default", 0)))
        names.update({f"{name} {n}": ("default", n) for name in first for n in REPEATS})
    if kind == "human":
        names.update(dict.fromkeys(_every_language("tutorial.player"), ("tutorial", 0)))
    return names


def is_automatic_name(name: str, kind: str, number: int) -> bool:
    """Whether ``name`` is one the game gives a seat of ``kind`` in some language (or empty),
    not one a player typed. A default human name counts whatever seat ``number`` (from 1) it
    now has: the start player's seat comes first once a game starts."""
    name = name.strip()
    return not name or name in _automatic_names(kind)


def seat_name(name: str, kind: str, number: int) -> str:
    """What seat ``number`` (from 1) of ``kind`` called ``name`` is called on screen: a name a
    player typed as it is; an empty one, or one the game gave ("Player 1", "Hard AI", the
    tutorial's "Spieler", in whatever language it was made, in whatever seat it now is), in the
    current language ("Player 1" keeps its number, "Hard AI 2" its repeat number: the names
    stay as they were set up whatever seat turns first)."""
    name = name.strip()
    meaning = _automatic_names(kind).get(name) if name else ("default", number if kind == "human" else 0)
    match meaning:
        case None:
            return name
        case ("tutorial", _):
            return t("tutorial.player")
        case (_, shown) if kind == "human":
            return t("setup.default_name", number=shown or number)
        case (_, repeat):
            return f"{kind_label(kind)} {repeat}" if repeat else kind_label(kind)


def seat_names(names: list[str], kinds: list[str]) -> list[str]:
    """What the seats are called on screen (``seat_name`` of each), repeats numbered."""
    shown = [seat_name(name, kind, i + 1) for i, (name, kind) in enumerate(zip(names, kinds, strict=True))]
    return unique_names(shown)


def color_label(color: str, palette: str) -> str:
    """A seat colour's name as the palette shows it (the colour-blind "red" is orange)."""
    key = f"color.{palette}.{color}"
    return t(key) if has(key) else t(f"color.{color}")
