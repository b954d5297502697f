"""Synthesise the game's short sound effects with the standard library only.

Run ``python tools/make_sounds.py`` (from any directory).  Writes
``assets/sounds/<name>.wav`` for every name in :data:`SOUNDS`: 22050 Hz,
mono, 16-bit PCM, each shorter than one second, peak-normalised to
:data:`PEAK` (about -7 dBFS) so effects sit quietly under music/UI.

A tiny synth builds everything: oscillators with pitch glides, an
attack/exponential-decay envelope, seeded white noise and a one-pole
low-pass filter.  Output is deterministic (noise uses a fixed seed).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOUND_DIR = ROOT / "assets" / "sounds"

RATE = 22050
PEAK = 0.45
Samples = list[float]

# Equal-tempered note frequencies used by the melodic effects.
C5, E5, G5, A5, C6, E6, G6 = 523.25, 659.26, 783.99, 880.0, 1046.5, 1318.5, 1568.0


def silence(duration: float) -> Samples:
    """``duration`` seconds of zeros."""
    return [0.0] * int(duration * RATE)


def envelope(n: int, attack: float, decay: float) -> Samples:
    """Linear attack of ``attack`` s, then exponential decay with time constant ``decay`` s."""
    a = max(1, int(attack * RATE))
    out: Samples = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * RATE)))
    # Short linear fade at the end so the sample never clicks.
    fade = min(n, int(0.01 * RATE))
    for k in range(fade):
        out[n - 1 - k] *= k / fade
    return out


def tone(
    freq: float,
    duration: float,
    *,
    end_freq: float | None = None,
    attack: float = 0.005,
    decay: float = 0.15,
    partials: Sequence[tuple[float, float]] = ((1.0, 1.0),),
) -> Samples:
    """A note gliding from ``freq`` to ``end_freq`` (Hz) with the given envelope.

    ``partials`` lists ``(frequency ratio, amplitude)`` pairs added together,
    e.g. ``((1, 1), (4, 0.3))`` for a marimba-like timbre.
    """
    n = int(duration * RATE)
    target = freq if end_freq is None else end_freq
    env = envelope(n, attack, decay)
    phase = 0.0
    out: Samples = []
    for i in range(n):
        f = freq + (target - freq) * (i / n)
        phase += 2 * math.pi * f / RATE
        value = sum(amp * math.sin(phase * ratio) for ratio, amp in partials)
        out.append(value * env[i])
    return out


def noise(duration: float, seed: int, *, decay: float = 0.05, cutoff: float = 2000.0) -> Samples:
    """Seeded white noise, low-passed at ``cutoff`` Hz, with a fast decay envelope."""
    rng = random.Random(seed)
    raw = [rng.uniform(-1.0, 1.0) for _ in range(int(duration * RATE))]
    env = envelope(len(raw), 0.001, decay)
    return [s * e for s, e in zip(lowpass(raw, cutoff), env, strict=True)]


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter at ``cutoff`` Hz."""
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out: Samples = []
    y = 0.0
    for s in samples:
        y += alpha * (s - y)
        out.append(y)
    return out


def layer(*parts: tuple[float, Samples, float]) -> Samples:
    """Mix ``(start seconds, samples, gain)`` parts into one buffer."""
    length = max(int(start * RATE) + len(s) for start, s, _ in parts)
    out = [0.0] * length
    for start, samples, gain in parts:
        offset = int(start * RATE)
        for i, s in enumerate(samples):
            out[offset + i] += s * gain
    return out


def arpeggio(notes: Sequence[float], step: float, note_len: float, **kwargs: float) -> Samples:
    """Notes started every ``step`` seconds, each ``note_len`` long, mixed together."""
    bell = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
    return layer(*((i * step, tone(f, note_len, partials=bell, **kwargs), 1.0) for i, f in enumerate(notes)))


MARIMBA = ((1.0, 1.0), (4.0, 0.25), (10.0, 0.05))
BELL = ((1.0, 1.0), (2.76, 0.35), (5.4, 0.12))


def make_place() -> Samples:
    """A wooden 'thock' of a tile put on the table."""
    return layer(
        (0.0, tone(190, 0.18, end_freq=120, attack=0.002, decay=0.05), 1.0),
        (0.0, noise(0.06, 1, decay=0.012, cutoff=1800), 0.6),
    )


def make_fill() -> Samples:
    """Two soft marimba notes going up: a gap on the board gets filled."""
    return layer(
        (0.0, tone(G5 / 2, 0.3, decay=0.09, partials=MARIMBA), 1.0),
        (0.09, tone(C5, 0.34, decay=0.11, partials=MARIMBA), 1.0),
    )


def make_coin() -> Samples:
    """A bright two-note coin chime."""
    return layer(
        (0.0, tone(E6, 0.12, decay=0.05, partials=BELL), 0.8),
        (0.07, tone(A5 * 2, 0.4, decay=0.14, partials=BELL), 1.0),
    )


def make_cacao() -> Samples:
    """Two rounded 'pops' of cacao fruit being harvested."""
    pop = tone(280, 0.1, end_freq=560, attack=0.003, decay=0.035)
    return layer((0.0, pop, 1.0), (0.09, tone(330, 0.12, end_freq=680, attack=0.003, decay=0.04), 0.9))


def make_water() -> Samples:
    """Three small rising bubbles."""
    parts = [
        (i * 0.085, tone(f, 0.11, end_freq=f * 2.1, attack=0.004, decay=0.035), 1.0 - 0.15 * i)
        for i, f in enumerate((420.0, 520.0, 470.0))
    ]
    return layer(*parts)


def make_sun() -> Samples:
    """A warm shimmering major arpeggio with slow attacks."""
    return arpeggio((C5, E5, G5, C6), 0.08, 0.55, attack=0.03, decay=0.22)


def make_click() -> Samples:
    """A tiny UI tick."""
    return layer(
        (0.0, tone(1800, 0.035, attack=0.0005, decay=0.008), 0.7),
        (0.0, noise(0.02, 2, decay=0.004, cutoff=5000), 0.3),
    )


def make_error() -> Samples:
    """Two low, soft descending buzzes."""
    buzz = ((1.0, 1.0), (3.0, 0.3), (5.0, 0.12))
    return lowpass(
        layer(
            (0.0, tone(330, 0.14, attack=0.005, decay=0.08, partials=buzz), 1.0),
            (0.14, tone(247, 0.2, attack=0.005, decay=0.1, partials=buzz), 1.0),
        ),
        1500,
    )


def make_score() -> Samples:
    """A quick rising four-note arpeggio for points scored."""
    return arpeggio((C5, E5, G5, C6), 0.06, 0.3, decay=0.1)


def make_win() -> Samples:
    """A short fanfare: rising arpeggio resolving on a held major chord."""
    run = arpeggio((C5, E5, G5), 0.1, 0.25, decay=0.1)
    chord = layer(*((0.0, tone(f, 0.6, attack=0.01, decay=0.3, partials=BELL), 0.7) for f in (C6, E6, G6)))
    return layer((0.0, run, 1.0), (0.3, chord, 1.0))


SOUNDS: dict[str, Callable[[], Samples]] = {
    "place": make_place,
    "fill": make_fill,
    "coin": make_coin,
    "cacao": make_cacao,
    "water": make_water,
    "sun": make_sun,
    "click": make_click,
    "error": make_error,
    "score": make_score,
    "win": make_win,
}


def to_pcm16(samples: Samples, peak: float = PEAK) -> bytes:
    """Normalise ``samples`` to ``peak`` (0..1 of full scale) and pack as 16-bit LE."""
    top = max((abs(s) for s in samples), default=0.0) or 1.0
    scale = peak * 32767 / top
    return struct.pack(f"<{len(samples)}h", *(round(s * scale) for s in samples))


def write_wav(path: Path, samples: Samples) -> None:
    """Write ``samples`` as a 22050 Hz mono 16-bit WAV file at ``path``."""
    if len(samples) >= RATE:
        raise ValueError(f"{path.name}: {len(samples) / RATE:.2f} s is not shorter than 1 s")
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(to_pcm16(samples))


def main() -> None:
    """Generate every effect in :data:`SOUNDS` under ``assets/sounds/``."""
    for name, make in SOUNDS.items():
        samples = make()
        path = SOUND_DIR / f"{name}.wav"
        write_wav(path, samples)
        print(f"{name:6s} {len(samples) / RATE:.2f} s -> {path}")


if __name__ == "__main__":
    main()
