"""The table drawn by changes (the kept backdrop, the moving parts' areas) shows the very
pixels of drawing everything anew, frame after frame, and after a resize or a new language."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from app_support import make_scene

from cacao_game.app import scale, theme
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.frame import Frame, PopupView
from cacao_game.app.play.hud import POPUP_UNROLL
from cacao_game.app.play.layers import Backdrop, Part, draw_parts, merge
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.theme import uncovered
from cacao_game.config.settings import Settings
from cacao_game.engine import Phase
from cacao_game.session import ShowHand


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    """An off-screen app with normal-speed animations; user files under tmp_path."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    yield App(pygame.Surface((1600, 900)), Settings(animation_speed="normal", sound=False), router=router())
    scale.use(before)  # the app set the interface scale for its screen


def anew(scene: PlayScene) -> pygame.Surface:
    """The scene's frame drawn from nothing kept (``PlayScene.draw``)."""
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.draw(surface)
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def motion(point: tuple[float, float]) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=(int(point[0]), int(point[1])), rel=(1, 0), buttons=(0, 0, 0)
    )


def play_on(
    scene: PlayScene, rng: random.Random, frames: int, seen: list[tuple[Frame, bool]] | None = None
) -> list[float]:
    """``frames`` frames of play: random decisions animating, the mouse over legal squares
    at placements (tooltips come and go); each frame checked against ``anew``. Returns the
    share of the screen each frame changed; ``seen`` gets each frame and whether something
    moved in it (an animation, the view)."""
    app = scene.app
    whole = app.screen.get_width() * app.screen.get_height()
    shares: list[float] = []
    for index in range(frames):
        events: list[pygame.event.Event] = []
        if not scene.timeline.busy and scene.accepts_board_input():
            targets = scene.turn.targets()
            if scene.game.phase is Phase.PLACE and targets and index % 40 < 30:
                square = targets[(index // 7) % len(targets)]
                events.append(motion(scene.camera.square_center(square)))
            else:
                scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        app.step(events, 1 / 30)
        changed = app._changed
        shares.append(1.0 if changed is None else sum(r.w * r.h for r in changed) / whole)
        assert same(app.screen, anew(scene)), f"frame {index} differs from a frame drawn anew"
        if seen is not None:
            seen.append((scene.frame, scene.timeline.busy or scene.camera.moving))
    return shares


def test_drawing_by_changes_shows_what_drawing_anew_shows(app: App) -> None:
    scene = make_scene(app, ["human", "easy", "easy"], seed=4)
    shares = sorted(play_on(scene, random.Random(5), 240))
    assert shares[len(shares) // 2] < 0.25  # most frames changed a small part of the screen


def test_a_resize_and_a_new_language_draw_everything_again(app: App) -> None:
    scene = make_scene(app, ["human", "human"], seed=9)
    rng = random.Random(2)
    play_on(scene, rng, 60)
    app.resize(pygame.Surface((1280, 720)))
    app.step([], 1 / 30)
    assert app._changed is None
    assert same(app.screen, anew(scene))
    play_on(scene, rng, 30)
    english = app.screen.copy()
    app.apply_settings(replace(app.settings, language="de"))
    app.step([], 1 / 30)
    assert same(app.screen, anew(scene))
    assert not same(app.screen, english)
    play_on(scene, rng, 30)


def test_an_overlay_then_the_table_alone_draws_the_table_whole(app: App) -> None:
    """Under the pause overlay the table is drawn whole; back on top it starts anew."""
    from cacao_game.app import routes

    scene = make_scene(app, ["human", "human"], seed=9)
    play_on(scene, random.Random(3), 20)
    app.open(routes.Pause())
    app.step([], 1 / 30)
    assert app._changed is None
    app.pop()
    app.step([], 1 / 30)
    assert app._changed is None
    assert same(app.screen, anew(scene))


def test_a_changed_part_is_drawn_again_with_the_parts_over_it() -> None:
    """The screen equals its parts drawn in order, whichever part changed."""
    pygame.init()
    screen = pygame.Surface((60, 40))

    def fill(color: tuple[int, int, int], rect: pygame.Rect) -> Part:
        def draw(surface: pygame.Surface) -> None:
            surface.fill(color, rect)

        return Part(f"p{rect.x}", rect, color, draw)

    under = pygame.Rect(0, 0, 40, 40)
    over = pygame.Rect(20, 10, 30, 20)
    backdrop = Backdrop()
    first = [fill((200, 0, 0), under), fill((0, 0, 200), over)]
    assert backdrop.changes(first) is None
    draw_parts(screen, first, [screen.get_rect()])
    second = [fill((0, 200, 0), under), fill((0, 0, 200), over)]
    changed = backdrop.changes(second)
    assert changed == [under]
    draw_parts(screen, second, changed)
    assert screen.get_at((5, 5))[:3] == (0, 200, 0)
    assert screen.get_at((25, 15))[:3] == (0, 0, 200)  # the part over it drawn again
    assert screen.get_at((45, 15))[:3] == (0, 0, 200)
    assert backdrop.changes(second) == []


def test_parts_are_not_drawn_under_the_opaque_areas_of_parts_over_them() -> None:
    """Under a part's opaque area (``Part.opaque``) a ``plain`` part is drawn only around it
    and a part wholly hidden there is not drawn; the screen still equals every part drawn in
    order over it, wherever the areas drawn again fall."""
    pygame.init()
    drawn: dict[str, list[pygame.Rect]] = {}

    def fill(name: str, color: tuple[int, int, int], rect: pygame.Rect, **kind: object) -> Part:
        def draw(surface: pygame.Surface) -> None:
            drawn.setdefault(name, []).append(surface.get_clip())
            surface.fill(color, rect)

        return Part(name, rect, color, draw, **kind)  # type: ignore[arg-type]

    tile = pygame.Rect(20, 10, 30, 20)
    parts = [
        fill("back", (200, 0, 0), pygame.Rect(0, 0, 80, 50), plain=True),
        fill("under", (0, 0, 200), pygame.Rect(25, 12, 10, 10)),
        fill("tile", (0, 200, 0), tile, opaque=(tile,)),
        fill("mark", (250, 250, 0), pygame.Rect(45, 25, 10, 10)),
    ]
    reference = pygame.Surface((80, 50))
    for part in parts:
        part.draw(reference)
    rng = random.Random(3)
    for _ in range(200):
        screen = pygame.Surface((80, 50))
        screen.fill((9, 9, 9))
        draw_parts(screen, parts, [screen.get_rect()])
        x, y = rng.randrange(80), rng.randrange(50)
        area = pygame.Rect(x, y, rng.randint(1, 80 - x), rng.randint(1, 50 - y))
        screen.fill((9, 9, 9), area)
        drawn.clear()
        draw_parts(screen, parts, [area])
        assert same(screen, reference), area
        assert not any(clip.colliderect(tile) for clip in drawn.get("back", []))
        assert "under" not in drawn  # wholly under the tile
    assert uncovered(pygame.Rect(0, 0, 10, 10), [pygame.Rect(-5, -5, 30, 30)]) == []
    pieces = uncovered(pygame.Rect(0, 0, 10, 10), [pygame.Rect(2, 2, 3, 3), pygame.Rect(6, 0, 2, 20)])
    assert sum(r.w * r.h for r in pieces) == 100 - 9 - 20
    assert not any(a.colliderect(b) for i, a in enumerate(pieces) for b in pieces[i + 1 :])


def test_merge_joins_rectangles_whose_union_is_no_larger_than_both() -> None:
    bounds = pygame.Rect(0, 0, 100, 100)
    joined = merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(2, 2, 10, 10), pygame.Rect(50, 50, 5, 5)], bounds)
    assert sorted(map(tuple, joined)) == [(0, 0, 12, 12), (50, 50, 5, 5)]
    inside = merge([pygame.Rect(0, 0, 40, 40), pygame.Rect(10, 10, 5, 5)], bounds)
    assert inside == [pygame.Rect(0, 0, 40, 40)]
    cross = [pygame.Rect(0, 40, 100, 4), pygame.Rect(40, 0, 4, 100)]  # a union would copy 10,000 pixels
    assert sorted(map(tuple, merge(cross, bounds))) == sorted(map(tuple, cross))
    assert merge([pygame.Rect(90, 90, 30, 30), pygame.Rect(200, 0, 5, 5)], bounds) == [
        pygame.Rect(90, 90, 10, 10)
    ]


def test_an_idle_table_draws_nothing_and_a_ghost_only_its_square(app: App) -> None:
    """Nothing moving and the clock still: the frame shows nothing again. The mouse onto a
    legal square: a small part of the screen changes, and it equals the frame drawn anew."""
    scene = make_scene(app, ["human", "easy"], seed=9)
    for _ in range(600):
        if not scene.timeline.busy and scene.accepts_board_input() and scene.game.phase is Phase.PLACE:
            break
        app.step([], 1 / 30)
    app.step([motion((1, 1))], 1 / 30)
    for _ in range(3):
        app.step([], 0.0)
    assert app._changed == []
    target = scene.turn.targets()[0]
    app.step([motion(scene.camera.square_center(target))], 0.0)
    changed = app._changed
    assert changed
    whole = app.screen.get_width() * app.screen.get_height()
    assert sum(r.w * r.h for r in changed) < whole // 4
    assert same(app.screen, anew(scene))


def test_a_table_opened_mid_game_shows_its_seats_colours_at_once(app: App) -> None:
    """The kept board is drawn before the frame's marks: its worker tiles take the frame's
    colours from the first frame on (np3 saw them all red until the view moved)."""
    scene = make_scene(app, ["human", "human", "human"], seed=4)
    rng = random.Random(5)
    for _ in range(30):
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
    scene.exit()
    again = PlayScene(app, scene.source)
    app.reset(again)
    app.step([], 0.0)
    assert len(again.shown.workers) > 3
    assert same(app.screen, anew(again))


def test_an_exposed_window_is_shown_whole_the_next_frame(app: App) -> None:
    scene = make_scene(app, ["human", "human"], seed=9)
    play_on(scene, random.Random(3), 10)
    app.step([], 0.0)
    assert app._changed is not None
    app.step([pygame.event.Event(pygame.WINDOWEXPOSED)], 0.0)
    assert app._changed is None
    app.step([], 0.0)
    assert app._changed is not None


def test_zoom_and_pan_glides_drawn_by_changes_equal_drawn_anew(app: App) -> None:
    """Every frame of a gliding zoom (in and out) and of a gliding pan, drawn over the last
    frame, shows the pixels of the frame drawn anew; the glide ends on the smooth art."""
    scene = make_scene(app, ["human", "human"], seed=9)
    play_on(scene, random.Random(6), 40)
    camera = scene.camera
    for move in (lambda: camera.zoom(1.6), lambda: camera.zoom(1 / 2.2), lambda: camera.pan_pixels(130, -70)):
        move()
        frames = 0
        while camera.scale != camera.target_scale or camera.center != camera.target_center:
            app.step([], 1 / 60)
            assert same(app.screen, anew(scene)), f"glide frame {frames} differs from a frame drawn anew"
            frames += 1
        assert frames > 5
    app.step([], 1 / 60)
    assert same(app.screen, anew(scene))


def test_a_zoom_glide_at_4k_leaves_no_edge_of_a_tile_behind(tmp_path, monkeypatch) -> None:
    """At 3840x2160 a gliding zoom draws tiles at sizes rounded to ``ZOOM_ART_STEP`` design
    pixels, up to 4 real pixels past their squares: each frame drawn by changes still equals
    the frame drawn anew (a tile's area has that room; thin lines of tile edges were left)."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    big = App(pygame.Surface((3840, 2160)), Settings(animation_speed="normal", sound=False), router=router())
    try:
        scene = make_scene(big, ["human", "human"], seed=9)
        play_on(scene, random.Random(6), 12)
        camera = scene.camera
        for factor in (1.5, 1 / 1.5):
            camera.zoom(factor)
            frames = 0
            while camera.moving:
                big.step([], 1 / 30)
                assert same(big.screen, anew(scene)), f"glide frame {frames} differs from a frame drawn anew"
                frames += 1
            assert frames > 3
    finally:
        scale.use(before)


def test_a_zoom_drawn_before_the_view_moves_equals_drawn_anew(app: App) -> None:
    """The frame a zoom is asked in (the table sets the camera's target after it moved, as when
    a turn brings legal squares into view) shows the view at rest: drawn by changes it draws
    no tile again and equals the frame drawn anew (it once drew tiles at the glide's rounded
    sizes anew and left them as at rest by changes)."""
    scene = make_scene(app, ["human", "human"], seed=9)
    play_on(scene, random.Random(6), 40)
    camera = scene.camera
    for factor in (1.6, 1 / 2.2):
        app.step([], 1 / 60)
        while camera.moving:
            app.step([], 1 / 60)
        scale = camera.scale
        camera.zoom(factor)
        app.step([], 0.0)  # the view has not moved: its target has
        assert camera.scale == scale and camera.target_scale != scale
        view = camera.viewport
        changed = [view] if app._changed is None else app._changed  # None: the whole screen
        assert sum(r.w * r.h for r in changed) < view.w * view.h // 8
        assert same(app.screen, anew(scene))
        app.step([], 1 / 60)
        assert camera.zooming
        assert same(app.screen, anew(scene))


def _counted_smoothscales(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The sizes of every smooth scaling from now on (pygame's, still done), in order."""
    smooth = pygame.transform.smoothscale
    calls: list[tuple[int, int]] = []

    def counted(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        calls.append(size)
        return smooth(image, size)

    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    return calls


def test_a_zoom_glide_scales_each_tile_smoothly_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-between sizes of a glide are resized from the art at the size it ends at: one
    smooth scaling per image for the whole glide; at rest the smooth art is drawn."""
    from cacao_game.app.assets import Assets, assets_root
    from cacao_game.app.play.art import TileArt

    pygame.init()
    art = TileArt(Assets(assets_root(), sound=False))
    calls = _counted_smoothscales(monkeypatch)
    for size in range(60, 121, 4):
        passing = art.jungle("back", size, 0, toward=120)
        assert passing.get_size() == (size, size)
    assert calls == [(120, 120)]
    assert art.jungle("back", 120, 0, toward=120) is art.jungle("back", 120)
    assert art.jungle("back", 64).get_size() == (64, 64)
    assert calls == [(120, 120), (64, 64)]


def test_a_zoom_glide_from_a_kept_size_scales_smoothly_over_its_frames(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A glide from a size drawn at rest starts without smooth scaling: its in-between sizes
    come from the kept image, and ``refine`` (a few images a frame) scales the end size
    smoothly once; after it the in-between sizes come from the end size, and at rest the end
    size is the smooth image."""
    from cacao_game.app.assets import Assets, assets_root
    from cacao_game.app.play.art import TileArt

    pygame.init()
    art = TileArt(Assets(assets_root(), sound=False))
    at_rest = art.jungle("back", 60)
    calls = _counted_smoothscales(monkeypatch)
    assert art.jungle("back", 64, 0, toward=120).get_size() == (64, 64)
    assert art.jungle("back", 68, 0, toward=120).get_size() == (68, 68)
    assert calls == []
    art.refine(1)
    assert calls == [(120, 120)]
    art.refine(1)
    assert calls == [(120, 120)]
    assert art.jungle("back", 72, 0, toward=120).get_size() == (72, 72)
    assert art.jungle("back", 120) is art.jungle("back", 120, 0, toward=120)
    assert calls == [(120, 120)]
    assert art.jungle("back", 60) is at_rest


def test_every_part_draws_only_inside_its_area(app: App) -> None:
    """A still part is drawn clipped to its area (``draw_parts``, and ``Hud.draw`` alike): the
    small parts a new turn draws again (the heading's and status's texts, a deciding seat's
    rim, each button, the temples panel) must draw nothing outside their areas, or the clip
    would cut them."""
    app.resize(pygame.Surface((1920, 1080)))  # room for the keys beside the status
    scene = make_scene(app, ["human"] * 4, seed=4, variant="volcano")
    rng = random.Random(7)
    for _ in range(60):  # a few temples laid
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
    size = app.screen.get_size()
    checked: set[str] = set()
    for index in range(16):
        play_on(scene, rng, 12)
        scene.source.handle(ShowHand())  # type: ignore[union-attr]
        app.step([], 1 / 30)
        if index % 3:
            app.step([motion(scene.hud.action_buttons()[index % 4].rect.center)], 1 / 30)
        frame = scene.frame
        for part in [*scene.hud.parts(frame), *scene.board.temples_parts(frame)]:
            free = pygame.Surface(size)
            part.draw(free)
            clipped = pygame.Surface(size)
            clipped.set_clip(part.rect)
            part.draw(clipped)
            assert same(free, clipped), f"{part.name} draws outside {part.rect}"
            checked.add(part.name.split(".")[0])
    assert {"heading", "status", "keys", "temples", "seat0", "action2", "hand", "log"} <= checked


def _opaque_areas_hide_what_lies_beneath(scene: PlayScene) -> int:
    """Each still part's opaque areas (``Part.opaque``) drawn over two backgrounds show the
    same pixels; returns how many areas were checked."""
    size = scene.app.screen.get_size()
    parts, _squares = scene.still_parts(size, scene.frame)
    checked = 0
    for part in parts:
        if not part.opaque:
            continue
        shown = []
        for color in ((255, 0, 255), (0, 255, 0)):
            surface = pygame.Surface(size)
            surface.fill(color)
            surface.set_clip(part.rect)
            part.draw(surface)
            shown.append(surface)
        for rect in part.opaque:
            inside = rect.clip(part.rect)
            if inside.w and inside.h:
                assert same(shown[0].subsurface(inside), shown[1].subsurface(inside)), (part.name, rect)
                checked += 1
    return checked


@pytest.mark.parametrize("size", [(1600, 900), (3840, 2160)])
def test_the_opaque_areas_of_tiles_hide_what_lies_beneath(tmp_path, monkeypatch, size) -> None:
    """The board's and the hand's tiles name the pixels they surely cover (``art.opaque_square``:
    a tile's art is opaque, its size rounded, its place cut to whole pixels): drawn over any
    background they show the same pixels there, at rest, while a zoom glides (sizes rounded to
    ``ZOOM_ART_STEP``) and while the view pans by fractions of a pixel; so the backdrop is not
    copied under them when a row of tiles is drawn again."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    app = App(pygame.Surface(size), Settings(animation_speed="normal", sound=False), router=router())
    try:
        scene = make_scene(app, ["human", "human"], seed=9)
        rng = random.Random(6)
        for _ in range(40):
            scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
            scene.timeline.finish()
        play_on(scene, rng, 20)
        camera = scene.camera
        checked = _opaque_areas_hide_what_lies_beneath(scene)
        for move in (lambda: camera.zoom(1.5), lambda: camera.pan_pixels(97, -41)):
            move()
            for _ in range(3):
                app.step([], 1 / 60)
            assert camera.moving
            checked += _opaque_areas_hide_what_lies_beneath(scene)
        assert checked > 30
    finally:
        scale.use(before)


def test_the_temples_panel_stays_over_a_mark_under_it(app: App) -> None:
    """The temples panel is kept drawn as a still part; a legal square's mark under it is
    drawn over the tiles and the panel, then the panel again over the mark: the board shows
    what drawing the tiles, the marks and then the panel shows."""
    scene = make_scene(app, ["human"] * 4, seed=4, variant="volcano")
    rng = random.Random(7)
    for _ in range(60):
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
    scene.source.handle(ShowHand())  # type: ignore[union-attr]
    while scene.game.phase is not Phase.PLACE:
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
    scene.source.handle(ShowHand())  # type: ignore[union-attr]
    app.step([], 1 / 30)
    panel = scene.board.temples_panel()
    assert panel is not None
    for _ in range(3):  # the first legal square to the panel's right edge, under it
        board = scene.frame.board
        assert board is not None and board.targets
        square = scene.board.rect(board.targets[0])
        scene.camera.pan_pixels(
            panel.right - 4 - square.centerx, panel.centery - square.centery, immediate=True
        )
        scene.camera.snap()
        app.step([], 1 / 30)
    frame = scene.frame
    assert frame.board is not None and frame.board.targets
    chrome = scene.hud.chrome(app.screen.get_size(), len(frame.seats))
    kept = chrome.copy()
    kept.set_clip(scene.camera.viewport)
    scene.board.draw_tiles(kept, frame.board, frame=frame)
    scene.board.draw_temples(kept, frame)
    board = frame.board

    def beneath(target: pygame.Surface) -> None:
        target.blit(chrome, (0, 0))
        scene.board.draw_tiles(target, board, frame=frame)

    marks = scene.board.draw(kept, frame, scene.clock, tiles=False, beneath=beneath)
    assert any(rect.colliderect(panel) for rect in marks)
    whole = chrome.copy()
    scene.board.draw(whole, frame, scene.clock, tiles=True)
    assert same(kept, whole)
    assert same(app.screen, anew(scene))


def test_tiles_are_opaque_and_drawn_as_plain_copies() -> None:
    """Tile art is opaque (``tools/make_tiles.py``): every tile file's pixels have alpha 255;
    with a display the table holds tiles without per-pixel alpha, so a tile is copied, not
    blended, at every blit (half the time at 4K); icons keep their alpha."""
    from cacao_game.app.assets import Assets, assets_root
    from cacao_game.app.play.art import TileArt

    root = assets_root()
    files = sorted((Path(__file__).resolve().parents[1] / "assets" / "tiles").rglob("*.png"))
    assert len(files) > 100
    for path in files:
        assert set(pygame.image.tobytes(pygame.image.load(path), "RGBA")[3::4]) == {255}, path.name
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    try:
        art = TileArt(Assets(root, sound=False))
        tiles = [
            art.jungle("sun", 90),
            art.jungle("volcano", 90, 1),
            art.worker("red", "1111", 90, 2),
            art.jungle("back", 60, 0, toward=90),
        ]
        assert not any(image.get_flags() & pygame.SRCALPHA for image in tiles)
        assert art.icon("gold", 40).get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


def test_moved_tiles_draws_each_row_where_its_tiles_were_and_are() -> None:
    """A glide's areas: the old and new pixels of each run of a board row's side by side tiles
    joined (not the empty squares between runs); a tile that left the view (no pixels there)
    or came in gives only the pixels it has; one gone gives where it was."""
    from cacao_game.app.play.board import moved_tiles

    before = {
        (0, 0): pygame.Rect(10, 10, 20, 20),
        (1, 0): pygame.Rect(300, 0, 0, 0),
        (2, 1): pygame.Rect(50, 35, 9, 9),
    }
    after = {
        (0, 0): pygame.Rect(14, 10, 20, 20),
        (1, 0): pygame.Rect(40, 10, 20, 20),
        (3, 2): pygame.Rect(0, 0, 0, 0),
    }
    assert sorted(map(tuple, moved_tiles(before, after))) == [(10, 10, 50, 20), (50, 35, 9, 9)]
    before[(3, 0)] = pygame.Rect(100, 10, 20, 20)  # beyond an empty square (2, 0)
    after[(4, 0)] = pygame.Rect(124, 10, 20, 20)
    assert sorted(map(tuple, moved_tiles(before, after))) == [
        (10, 10, 50, 20),
        (50, 35, 9, 9),
        (100, 10, 44, 20),
    ]


def _move_when_idle(scene: PlayScene, rng: random.Random) -> None:
    """Once nothing animates: the hot-seat curtain lifted, else a random legal move played."""
    if not scene.timeline.busy:
        if scene.source.curtain is not None:
            scene.source.handle(ShowHand())
        else:
            scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]


def _at_a_popup(scene: PlayScene) -> PopupView:
    """Random moves until the table shows a resolution popup, then updates until it has
    unrolled; returns it."""
    rng = random.Random(5)
    for _ in range(3000):
        if scene.frame.popup is not None:
            break
        _move_when_idle(scene, rng)
        scene.update(1 / 30)
    for _ in range(POPUP_UNROLL - 1):
        scene.update(1 / 30)
    popup = scene.frame.popup
    assert popup is not None
    return popup


def test_a_popup_draws_its_panel_only_around_its_rows(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A popup's rows are opaque: its panel's shadow and fill left out under them
    (``draw_panel(covered=)``) change no pixel of the popup drawn over any background."""

    scene = make_scene(app, ["human", "human", "human"], seed=4, variant="volcano")
    popup = _at_a_popup(scene)
    size = app.screen.get_size()
    background = pygame.Surface(size)
    for y in range(0, size[1], 3):
        background.fill(((y * 7) % 256, (y * 3) % 256, (y * 11) % 256), (0, y, size[0], 3))

    def drawn() -> bytes:
        surface = background.copy()
        scene.hud.draw_popup(surface, scene.frame, popup)
        return pygame.image.tobytes(surface, "RGB")

    around = drawn()
    draw_panel = theme.draw_panel
    monkeypatch.setattr(theme, "draw_panel", lambda *a, covered=(), **k: draw_panel(*a, **k))
    assert drawn() == around
    assert around != pygame.image.tobytes(background, "RGB")


def test_the_popups_fonts_are_open_before_a_first_popup(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The resolution popup draws only in ``POPUP_FONTS``, and the table opens those (their
    glyphs loaded) when it is laid out: the frame a first popup appears in opens no font."""
    from cacao_game.app.play.hud import POPUP_FONTS

    scene = make_scene(app, ["human", "human", "human"], seed=4, variant="volcano")
    opened = set(app.assets._fonts)
    assert {(weight, scale.px(size)) for size, weight in POPUP_FONTS} <= opened
    popup = _at_a_popup(scene)
    opened = set(app.assets._fonts)  # nothing has drawn a popup yet (no frame was drawn)
    asked: list[tuple[float, str]] = []
    font = app.assets.font
    monkeypatch.setattr(
        app.assets, "font", lambda size, weight="regular": asked.append((size, weight)) or font(size, weight)
    )
    scene.hud.draw_popup(pygame.Surface(app.screen.get_size()), scene.frame, popup)
    assert asked and set(asked) <= set(POPUP_FONTS)
    assert set(app.assets._fonts) == opened


def test_a_glides_images_come_from_one_source_until_its_end_size_is_scaled() -> None:
    """A glide's in-between size is resized from the kept size first chosen, though another
    size nearer the end, or the end size itself, is drawn at rest meanwhile (a ghost or a
    hand tile in the same frame): a frame drawn twice shows one picture (the first frame of a
    turn's zoom drew a tile two ways) until ``refine`` scales the end size."""
    from cacao_game.app.assets import Assets, assets_root
    from cacao_game.app.play.art import TileArt

    pygame.init()
    art = TileArt(Assets(assets_root(), sound=False))
    art.worker("yellow", "1111", 66)
    first = pygame.image.tobytes(art.worker("yellow", "1111", 64, toward=54), "RGB")
    art.worker("yellow", "1111", 64)  # drawn at rest, nearer the end size
    assert pygame.image.tobytes(art.worker("yellow", "1111", 64, toward=54), "RGB") == first
    art.worker("yellow", "1111", 54)  # drawn at rest at the end size itself (a hand tile)
    assert pygame.image.tobytes(art.worker("yellow", "1111", 64, toward=54), "RGB") == first
    art.refine()
    assert art.worker("yellow", "1111", 54, toward=54) is art.worker("yellow", "1111", 54)


def test_a_popup_over_a_moving_board_drawn_by_changes_equals_drawn_anew(app: App) -> None:
    """The resolution popup is opaque inside (``Hud.popup_cover``): the board beneath it is
    not drawn again before it, while the view glides under it and the mouse moves over its
    rows; the temples panel's rows change one by one; every frame equals the frame drawn
    anew."""
    scene = make_scene(app, ["human", "human", "human"], seed=4, variant="volcano")
    rng = random.Random(11)
    seen: list[tuple[Frame, bool]] = []
    for round_ in range(6):
        popup = _at_a_popup(scene)
        rows = scene.hud.popup_buttons(popup.outcomes)
        scene.camera.zoom(0.8 if round_ % 2 else 1.25)
        for index in range(12):
            app.step([motion(rows[index % len(rows)].rect.center)], 1 / 30)
            assert same(app.screen, anew(scene)), f"popup frame {index} differs from a frame drawn anew"
            seen.append((scene.frame, scene.camera.moving))
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        play_on(scene, rng, 40, seen)
    popups = [moving for frame, moving in seen if frame.popup is not None]
    temples = [frame.temples for frame, _moving in seen if frame.temples]
    assert sum(popups) > 20
    assert sum(a != b for a, b in itertools.pairwise(temples)) >= 2


def test_a_popup_unrolls_over_its_first_frames_drawn_by_changes_as_anew(app: App) -> None:
    """A resolution popup comes in a frame that also draws the move's changes: it shows its
    top third there, two thirds the next frame, all of it the third (``hud.POPUP_UNROLL``),
    drawing nothing of the panel below that; every frame drawn by changes equals the frame
    drawn anew."""
    scene = make_scene(app, ["human", "human", "human"], seed=4, variant="volcano")
    rng = random.Random(5)
    for _ in range(3000):
        _move_when_idle(scene, rng)
        app.step([], 1 / 30)
        if scene.frame.popup is not None:
            break
    for unrolled in range(1, POPUP_UNROLL + 1):
        popup = scene.frame.popup
        assert popup is not None and popup.unrolled == unrolled
        band = scene.hud.popup_band(popup)
        area = theme.panel_area(scene.hud.popup_rect(popup.outcomes))
        assert band.topleft == area.topleft and band.h == -(-area.h * unrolled // POPUP_UNROLL)
        plain = pygame.Surface(app.screen.get_size())
        plain.fill((255, 0, 255))
        scene.hud.draw_popup(plain, scene.frame, popup)
        plain.set_colorkey((255, 0, 255))
        assert plain.get_bounding_rect().union(band) == band
        assert (band == area) == (unrolled == POPUP_UNROLL)
        assert same(app.screen, anew(scene))
        app.step([], 1 / 30)


def test_a_popup_covers_with_opaque_pixels_what_it_claims(app: App) -> None:
    """Drawn over two different backgrounds, a popup shows the same pixels within
    ``Hud.popup_cover``: the frame may leave the board beneath it undrawn."""
    scene = make_scene(app, ["human", "human", "human"], seed=4, variant="volcano")
    popup = _at_a_popup(scene)
    cover = scene.hud.popup_cover(popup)
    shown = []
    for color in ((255, 0, 255), (0, 255, 0)):
        surface = pygame.Surface(app.screen.get_size())
        surface.fill(color)
        scene.hud.draw_popup(surface, scene.frame, popup)
        shown.append(surface.subsurface(cover))
    assert cover.w > 0 and cover.h > 0
    assert same(shown[0], shown[1])


@pytest.mark.parametrize("size", [(1600, 900), (3840, 2160)])
def test_the_opaque_areas_of_buttons_and_the_temples_panel_hide_what_lies_beneath(
    tmp_path, monkeypatch, size
) -> None:
    """An action button's face (with the mouse over it and not) and the temples panel name
    the pixels they set whatever lies beneath (``Part.opaque``): drawn over two backgrounds
    they show the same pixels there."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    app = App(pygame.Surface(size), Settings(animation_speed="normal", sound=False), router=router())
    try:
        scene = make_scene(app, ["human"] * 4, seed=4, variant="volcano")
        rng = random.Random(7)
        for _ in range(60):
            scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
            scene.timeline.finish()
        app.step([], 1 / 30)
        checked = _opaque_areas_hide_what_lies_beneath(scene)
        app.step([motion(scene.hud.action_buttons()[1].rect.center)], 1 / 30)
        checked += _opaque_areas_hide_what_lies_beneath(scene)
        names = {part.name for part in scene.still_parts(size, scene.frame)[0] if part.opaque}
        assert {"temples", "action0", "action1"} <= names
        assert checked > 20
    finally:
        scale.use(before)


def test_an_opaque_panel_filled_shows_the_pixels_of_its_fill_copied() -> None:
    """An opaque panel (``draw_panel(alpha=255)``) fills the rows between its corners with
    their colours: the very pixels a copy of its fill image sets, its covered areas left."""
    from cacao_game.app import theme

    pygame.init()
    background = pygame.Surface((600, 400))
    for y in range(0, 400, 2):
        background.fill(((y * 5) % 256, 90, (y * 3) % 256), (0, y, 600, 2))
    rect, rows = pygame.Rect(20, 30, 500, 300), [pygame.Rect(40, 120, 400, 40)]
    filled = background.copy()
    theme.draw_panel(filled, rect, alpha=255, border=None, shadow=False, covered=rows)
    copied = background.copy()
    radius = scale.px(theme.RADIUS)
    fill = theme._panel_fill(rect.size, tuple(theme.PANEL)[:3], 255, radius)
    for piece in uncovered(rect, rows):
        copied.blit(fill, piece, piece.move(-rect.x, -rect.y))
    assert same(filled, copied)
    assert not same(filled, background)


@pytest.mark.parametrize("radius", [1, 8, 20, 28])
def test_an_opaque_panels_edges_are_the_rows_of_its_whole_fill(radius: int) -> None:
    """``_opaque_edges`` (all an opaque panel is drawn from) holds the very rows of its whole
    fill that ``_fill_opaque`` copies and reads: the corners' rows, the glow's first row, the
    first row below the glow; for panels shorter and taller than their glow."""
    from cacao_game.app import theme

    pygame.init()
    rgb = tuple(theme.PANEL)[:3]
    for size in [(3 * radius, 2 * radius + 1), (300, 2 * radius + 9), (500, 90), (1280, 756), (77, 400)]:
        fill = theme._panel_fill(size, rgb, 255, radius)
        edges = theme._opaque_edges(size, rgb, radius)
        body = max(radius, theme._glow_height(size))
        for row, source in [
            *((r, r) for r in range(radius + 1)),
            (radius + 1, body),
            *((radius + 2 + r, size[1] - radius + r) for r in range(radius)),
        ]:
            if source < size[1]:
                line = pygame.Rect(0, source, size[0], 1)
                kept = pygame.image.tobytes(edges.subsurface((0, row, size[0], 1)), "RGBA")
                assert kept == pygame.image.tobytes(fill.subsurface(line), "RGBA"), (size, row)


@pytest.mark.parametrize("radius", [4, 8, 28])
def test_a_shadow_drawn_from_its_kept_rows_equals_its_whole_image(radius: int) -> None:
    """A tall panel's shadow is drawn from an image keeping ``SHADOW_MIDDLE`` of its alike
    middle rows (``theme._shadow``): the same pixels as its whole image copied, whole or
    around a panel's inside, for panels shorter and taller than that."""
    from cacao_game.app import theme

    pygame.init()
    background = pygame.Surface((900, 1000))
    for y in range(0, 1000, 2):
        background.fill(((y * 5) % 256, 90, (y * 3) % 256), (0, y, 900, 2))
    for rect in [pygame.Rect(40, 50, 300, 40), pygame.Rect(40, 50, 700, 180), pygame.Rect(60, 40, 777, 900)]:
        for under in [(), (theme.fill_inside(rect, radius), pygame.Rect(rect.x + 30, rect.y + 9, 60, 20))]:
            drawn = background.copy()
            theme.draw_shadow(drawn, rect, radius, 120, under=under)
            whole = theme._make_shadow(rect.size, radius, 120)
            copied = background.copy()
            at = theme.shadow_rect(rect)
            for piece in uncovered(at, list(under)) if under else [at]:
                copied.blit(whole, piece, piece.move(-at.x, -at.y))
            assert same(drawn, copied), (rect, under)
            assert not same(drawn, background)


def test_a_tooltip_is_kept_until_it_or_what_lies_beneath_changes(app: App) -> None:
    """A tooltip (the mouse resting on a seat's panel while moves animate: a board square's
    waits for the animation's end) is drawn over all else and kept as it is while neither it
    nor anything beneath it changes: such frames show nothing of it again; a moving part
    coming under it (a carried tile) draws its area again. Every frame equals the frame drawn
    anew."""
    scene = make_scene(app, ["human"] * 4, seed=7, variant="volcano")
    rng = random.Random(3)
    centre = motion(scene.hud.panel_rect(1).center)
    kept = 0
    for index in range(300):
        _move_when_idle(scene, rng)
        app.step([centre], 1 / 30)
        assert same(app.screen, anew(scene)), f"frame {index} differs from a frame drawn anew"
        tip, changed = scene._tip, app._changed
        kept += bool(tip is not None and changed and tip[1].collidelist(changed) < 0)
        if kept > 20 and tip is not None and tip[1].collidelist(changed or []) < 0:
            break
    assert kept > 20
    tip = scene._tip
    assert tip is not None
    board = scene.frame.board
    assert board is not None
    scene.input.carried = (next(iter(board.shown.jungle.values()))[0], 0)
    app.step([centre], 1 / 30)
    assert scene._tip == tip and tip[1].collidelist(app._changed or []) >= 0
    assert same(app.screen, anew(scene))
    scene.input.carried = None
    app.step([centre], 1 / 30)
    assert same(app.screen, anew(scene))


def test_a_temple_award_stands_beside_its_own_seats_count(app: App) -> None:
    """Playtest: in the temples panel "● 1   +3 ■ 3" read as purple's +3 though it was red's:
    the award stood at the end of its column, against the next seat's marker. Each award is
    drawn right after its own seat's worker count, nearer to it than to the next seat's."""
    scene = make_scene(app, ["human"] * 4, seed=4, variant="volcano")
    rng = random.Random(7)
    while not any(any(row.awards) for row in scene.frame.temples):
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
        app.step([], 1 / 30)
    panel = scene.board.temples_panel()
    assert panel is not None
    with theme.text_audit() as drawn:
        scene.board.draw_temples(app.screen, scene.frame)
    inside = [text for text in drawn if panel.contains(text.rect)]
    awards = [text for text in inside if text.text.startswith("+")]
    counts = [text for text in inside if text.text[0].isdigit() and text.rect.x > panel.x + scale.px(40)]
    assert awards
    for award in awards:
        own = max(
            (
                c
                for c in counts
                if c.rect.right <= award.rect.left and abs(c.rect.centery - award.rect.centery) < 4
            ),
            key=lambda c: c.rect.right,
        )
        assert award.rect.left - own.rect.right <= scale.px(6)
        column = own.rect.x - scale.px(20) - panel.x - scale.px(64)
        assert award.rect.right < panel.x + scale.px(64) + column + scale.px(84)


def test_every_ghost_tile_is_drawn_before_any_yield_label(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Playtest: with the hint's ghost and a hovered square's ghost side by side, the hinted
    tile was drawn over the other's yield label ("+2 cacao · opens 2" cut off). The ghosts'
    tiles come first, then every label, each kept off the labels before it where it can."""
    from cacao_game.app.play.frame import Ghost
    from cacao_game.engine import Place

    scene = make_scene(app, ["human", "human"], seed=4)
    app.step([], 1 / 30)
    frame = scene.frame
    assert frame.board is not None
    places = [a for a in scene.game.legal_actions() if isinstance(a, Place)]
    first = places[0]
    second = next(a for a in places if a.pos != first.pos and abs(a.pos[0] - first.pos[0]) <= 1)
    ghosts = (Ghost(first, 140, "none", True), Ghost(second, 255, "hinted", True))
    board = replace(frame.board, ghosts=ghosts)
    shown = replace(frame, board=board, previews={first: "+2 cacao", second: "+1 cacao"})
    order: list[str] = []
    draw_action, pill = scene.board.draw_action, scene.board.painter.pill

    def tile(*args: object, **kwargs: object) -> pygame.Rect:
        order.append("tile")
        return draw_action(*args, **kwargs)  # type: ignore[arg-type]

    def label(*args: object, **kwargs: object) -> pygame.Rect:
        order.append("label")
        return pill(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scene.board, "draw_action", tile)
    monkeypatch.setattr(scene.board.painter, "pill", label)
    scene.board.draw_marks(app.screen, shown, 0.0)
    assert order == ["tile", "tile", "label", "label"]
