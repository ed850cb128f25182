"""Synthesise the game's sound effects as 16-bit 44.1 kHz mono WAV files.

Pure Python (``wave``, ``math``, ``random.Random`` with fixed seeds): running it again
reproduces the committed files byte for byte.  Every sound gets short fades at both ends, is
RMS-normalised to one loudness (TARGET_RMS_DB) and soft-limited so its peak stays below
PEAK_LIMIT (well under full scale).

Usage: ``python tools/gen_sounds.py [--out assets]`` writes ``<out>/sounds/<name>.wav``.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RATE = 44100
TARGET_RMS_DB = -20.0
PEAK_LIMIT = 0.89  # about -1 dBFS

Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def mix_into(dst: Signal, src: Signal, at: float, gain: float = 1.0) -> None:
    start = int(round(at * RATE))
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def biquad(x: Signal, kind: str, freq: float, q: float) -> Signal:
    """RBJ cookbook band-pass / low-pass / high-pass filter."""
    w0 = 2 * math.pi * freq / RATE
    alpha = math.sin(w0) / (2 * q)
    cw = math.cos(w0)
    if kind == "band":
        b0, b1, b2 = alpha, 0.0, -alpha
    elif kind == "low":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    else:
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    y: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    for v in x:
        out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, out
        y.append(out)
    return y


def envelope(n: int, attack: float, decay: float, shape: float = 1.0) -> Signal:
    """Linear attack (seconds) then exponential decay with time constant decay (seconds)."""
    a = max(1, int(attack * RATE))
    env: Signal = []
    for i in range(n):
        if i < a:
            env.append((i / a) ** shape)
        else:
            env.append(math.exp(-(i - a) / (decay * RATE)))
    return env


def apply(x: Signal, env: Signal) -> Signal:
    return [a * b for a, b in zip(x, env, strict=True)]


def tone(freq: float, seconds: float, decay: float, partials: Sequence[tuple[float, float]] = (
        (1.0, 1.0),), attack: float = 0.004, glide: float = 0.0) -> Signal:
    """A decaying tone made of (ratio, amplitude) partials; glide is octaves per second."""
    n = int(round(seconds * RATE))
    out: Signal = []
    phase = [0.0] * len(partials)
    env = envelope(n, attack, decay)
    for i in range(n):
        f = freq * 2 ** (glide * i / RATE)
        s = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phase[k] += 2 * math.pi * f * ratio / RATE
            s += amp * math.sin(phase[k])
        out.append(s * env[i])
    return out


def swish(seconds: float, rng: random.Random, centre: float, q: float,
          attack_frac: float = 0.35) -> Signal:
    """Band-passed noise with a rise-and-fall envelope: a card sliding on felt."""
    x = biquad(noise(seconds, rng), "band", centre, q)
    n = len(x)
    peak = max(1, int(n * attack_frac))
    env = [(i / peak) ** 2 if i < peak else ((n - i) / (n - peak)) ** 1.5 for i in range(n)]
    return apply(x, env)


def tick(rng: random.Random, centre: float = 3500.0, seconds: float = 0.018) -> Signal:
    x = biquad(noise(seconds, rng), "band", centre, 1.2)
    return apply(x, envelope(len(x), 0.0008, seconds / 4))


def thump(freq: float, seconds: float, rng: random.Random) -> Signal:
    """A knock on wood: two damped resonances and a short noise transient."""
    body = tone(freq, seconds, seconds / 5, ((1.0, 1.0), (2.3, 0.45), (3.9, 0.2)),
                attack=0.001, glide=-0.6)
    click = biquad(noise(0.012, rng), "band", 1800.0, 0.9)
    click = apply(click, envelope(len(click), 0.0005, 0.003))
    mix_into(body, click, 0.0, 0.8)
    return body


# --------------------------------------------------------------------------- the sounds


def snd_click(rng: random.Random) -> Signal:
    out = tone(1900.0, 0.045, 0.008, ((1.0, 1.0), (2.0, 0.3)), attack=0.0008)
    mix_into(out, tick(rng, 4200.0, 0.012), 0.0, 0.6)
    return out


def snd_deal(rng: random.Random) -> Signal:
    out = swish(0.13, rng, 2600.0, 0.8, 0.25)
    mix_into(out, tick(rng, 3000.0, 0.015), 0.11, 0.5)
    return out


def snd_draw(rng: random.Random) -> Signal:
    return swish(0.2, rng, 1900.0, 0.7, 0.45)


def snd_discard(rng: random.Random) -> Signal:
    out = swish(0.14, rng, 2300.0, 0.8, 0.3)
    mix_into(out, thump(210.0, 0.09, rng), 0.12, 0.7)
    return out


def snd_shuffle(rng: random.Random) -> Signal:
    out = silence(0.72)
    t = 0.02
    gap = 0.045
    while t < 0.5:  # riffle: a run of ticks that speeds up
        mix_into(out, tick(rng, rng.uniform(2600.0, 4200.0), 0.02), t, rng.uniform(0.6, 1.0))
        t += gap
        gap = max(0.018, gap * 0.9)
    mix_into(out, swish(0.22, rng, 1600.0, 0.6, 0.5), 0.48, 0.9)  # the bridge
    return out


def snd_knock(rng: random.Random) -> Signal:
    out = silence(0.42)
    mix_into(out, thump(180.0, 0.2, rng), 0.01)
    mix_into(out, thump(185.0, 0.2, rng), 0.19, 0.9)
    return out


BELL = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.06))
SOFT = ((1.0, 1.0), (2.0, 0.2), (3.0, 0.05))


def note(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def snd_gin(rng: random.Random) -> Signal:
    out = silence(1.25)
    for i, m in enumerate((72, 76, 79, 84, 88)):  # C major arpeggio up to E6
        mix_into(out, tone(note(m), 1.25 - i * 0.08, 0.35, BELL), i * 0.08, 0.55)
    for _ in range(14):  # sparkle
        f = rng.uniform(2500.0, 5200.0)
        mix_into(out, tone(f, 0.12, 0.03), rng.uniform(0.35, 1.0), 0.12)
    return out


def snd_win(rng: random.Random) -> Signal:
    out = silence(0.95)
    for i, m in enumerate((67, 71, 74, 79)):  # G major arpeggio
        mix_into(out, tone(note(m), 0.95 - i * 0.1, 0.28, SOFT), i * 0.1, 0.6)
    return out


def snd_lose(rng: random.Random) -> Signal:
    out = silence(1.2)
    for i, m in enumerate((64, 63, 62)):  # a sagging "wah wah wah"
        mix_into(out, tone(note(m), 0.3, 0.09, SOFT, attack=0.01), i * 0.22, 0.6)
    mix_into(out, tone(note(61), 0.54, 0.13, SOFT, attack=0.01, glide=-0.35), 0.66, 0.6)
    return biquad(out, "low", 1800.0, 0.7)


SOUNDS: dict[str, tuple[int, Callable[[random.Random], Signal]]] = {
    "click": (101, snd_click),
    "deal": (102, snd_deal),
    "discard": (103, snd_discard),
    "draw": (104, snd_draw),
    "gin": (105, snd_gin),
    "knock": (106, snd_knock),
    "lose": (107, snd_lose),
    "shuffle": (108, snd_shuffle),
    "win": (109, snd_win),
}


# --------------------------------------------------------------------------- mastering


def rms(x: Signal) -> float:
    return math.sqrt(sum(v * v for v in x) / len(x))


def fade(x: Signal, fade_in: float = 0.003, fade_out: float = 0.012) -> Signal:
    n = len(x)
    a, b = int(fade_in * RATE), int(fade_out * RATE)
    y = list(x)
    for i in range(min(a, n)):
        y[i] *= i / a
    for i in range(min(b, n)):
        y[n - 1 - i] *= i / b
    return y


def master(x: Signal) -> Signal:
    """Fade the ends, then normalise RMS to TARGET_RMS_DB with a soft limiter on peaks."""
    target = 10 ** (TARGET_RMS_DB / 20)
    y = fade(x)
    for _ in range(40):
        g = target / rms(y)
        y = [v * g for v in y]
        if max(abs(v) for v in y) <= PEAK_LIMIT:
            break
        knee = PEAK_LIMIT * 0.98
        y = [knee * math.tanh(v / knee) for v in y]
    else:  # pragma: no cover - the limiter converges for every sound above
        raise RuntimeError("could not meet loudness target under the peak limit")
    return y


def write_wav(path: Path, x: Signal) -> None:
    frames = struct.pack(f"<{len(x)}h", *(max(-32767, min(32767, round(v * 32767))) for v in x))
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def generate(out: Path, names: Sequence[str] | None = None) -> list[Path]:
    written: list[Path] = []
    for name in sorted(names if names is not None else SOUNDS):
        seed, fn = SOUNDS[name]
        p = out / "sounds" / f"{name}.wav"
        write_wav(p, master(fn(random.Random(seed))))
        written.append(p)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Synthesise the game's sound effects.")
    ap.add_argument("--out", type=Path, default=REPO / "assets",
                    help="assets folder to write into (default: the repository's assets/)")
    ap.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = ap.parse_args(argv)
    files = generate(args.out, args.names or None)
    print(f"wrote {len(files)} WAV files under {args.out / 'sounds'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
