#!/usr/bin/env python3
"""Prototype of captionkit's speech detector in numpy, to try changes before porting them.

Usage: Scripts/vad-prototype.py [--media DIR] [--splits tuning,espeak] [--espeak DIR]
                                [--variant baseline|shipped ...] [--config JSON ...]

Reads the mixes and truth files of Scripts/vad-mix.py (by default those Scripts/bench-vad.py
caches in /tmp/captionkit-bench-vad/seed-25) and scores each variant with bench-vad.py's own
scoring. `baseline` reproduces AudioActivityDetector as it was (8 log-spaced bands from 300
to 3400 Hz, 35th-percentile floor over 6 s, 6 dB mean rise, 2.5 dB spectral change,
-55 dBFS, then ActivitySmoother); `shipped` the detector as shipped now (see
Docs/audio-activity.md), `ungated` the same without the segment gate. Settings tried and
not shipped: `fullends` (the floor windows keep their full length at the ends of the
file), `lookahead`/`weakend` (a segment's end moves on over weak frames), `fluxspan`
(the spectral change may come from a neighbouring frame), `runflux` (a whole run over the
threshold is active once enough of its frames change), `fluxrise` (each band's change
weighted by its rise above the floor). Tune on the `tuning` split and the espeak-ng fixtures only;
`librivox` and `all` are for reporting.
"""

import argparse
import importlib.util
import json
import os
import sys
import wave

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE, WIN = 16000, 512
BEDS = ["none", "pink-20", "pink-10", "pink-5", "babble-20", "music-10"]

spec = importlib.util.spec_from_file_location("bench", os.path.join(ROOT, "Scripts", "bench-vad.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def read(path):
    with wave.open(path) as f:
        return np.frombuffer(f.readframes(f.getnframes()), "<i2").astype(np.float32) / 32768


def bounds(i, half, n, full=False):
    """The window of frame i: frames i-half..i+half, clipped at the ends; with `full`, a
    window of the same length moved inside the file instead (the first or last 2·half+1
    frames near the ends)."""
    if full:
        lo = max(0, min(i - half, n - 1 - 2 * half))
        return lo, min(n, lo + 2 * half + 1)
    return max(0, i - half), min(n, i + half + 1)


def sliding_percentile(x, half, q, full=False):
    """Per column, the q-quantile of x over frames i-half..i+half (clipped at the ends, or
    moved inside the file with `full`)."""
    n = len(x)
    out = np.empty_like(x)
    # Half-dB steps, as LevelHistogram.
    for i in range(n):
        lo, hi = bounds(i, half, n, full)
        out[i] = np.quantile(np.floor(x[lo:hi] * 2) / 2 + 0.25, q, axis=0, method="inverted_cdf")
    return out


class Features:
    def __init__(self, samples, hop=320, low=300, high=3400):
        self.hop = hop
        count = (len(samples) + hop - 1) // hop
        pad = (WIN - hop) // 2
        padded = np.concatenate([np.zeros(pad, np.float32), samples, np.zeros(WIN + hop, np.float32)])
        idx = np.arange(count)[:, None] * hop + np.arange(WIN)[None, :]
        frames = padded[idx]
        window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(WIN) / WIN)
        spectrum = np.fft.rfft(frames * window, axis=1)
        scale = 2 / (WIN * np.sum(window ** 2))
        self.full = (np.abs(spectrum) ** 2 * scale).astype(np.float64)
        bw = RATE / WIN
        first, last = round(low / bw), round(high / bw)
        self.bins = np.arange(first, last + 1)
        edges = []
        for b in range(9):
            hz = low * (high / low) ** (b / 8)
            e = round(hz / bw) - first
            if b == 8:
                e = last + 1 - first
            if edges:
                e = max(e, edges[-1] + 1)
            edges.append(e)
        self.edges = edges
        p = self.full[:, first:last + 1]
        self.power = p
        self.bands = np.stack([p[:, edges[b]:edges[b + 1]].sum(1) for b in range(8)], 1)
        self.levels = 10 * np.log10(self.bands + 1e-14)
        total = self.bands.sum(1)
        self.total = 10 * np.log10(total + 1e-14)
        lp = 10 * np.log10(p + 1e-12)
        change = (p[1:] * np.abs(lp[1:] - lp[:-1])).sum(1) / (total[1:] + 1e-14)
        self.flux = np.concatenate([[0], change])
        # The same per band.
        moved = p[1:] * np.abs(lp[1:] - lp[:-1])
        bandflux = np.stack([moved[:, edges[b]:edges[b + 1]].sum(1) /
                             (self.bands[1:, b] + 1e-14) for b in range(8)], 1)
        self.bandflux = np.concatenate([np.zeros((1, 8)), bandflux])
        centre = frames[:, pad:pad + hop]
        self.energy = (centre ** 2).sum(1)
        self.count = count
        self.window = window

    def harmonicity(self, floors, lags=(40, 320), whiten=True, low_bin=None, high_bin=None):
        """Peak of the normalised autocorrelation over pitch lags, from the power spectrum
        divided by the noise floor of its band (so a noise bed turns white)."""
        p = self.power.copy()
        if whiten:
            for b in range(8):
                p[:, self.edges[b]:self.edges[b + 1]] /= 10 ** (floors[:, b:b + 1] / 10) / \
                    (self.edges[b + 1] - self.edges[b])
            # Subtract the floor's expectation (1 per bin), keeping what rises above it.
            p = np.maximum(p - 1, 0)
        full = np.zeros((self.count, WIN // 2 + 1))
        full[:, self.bins] = p
        r = np.fft.irfft(full, n=WIN, axis=1)
        wac = np.correlate(self.window, self.window, "full")[WIN - 1:]
        wac = wac / wac[0]
        r0 = r[:, :1] + 1e-20
        norm = r[:, :WIN // 2] / r0 / np.maximum(wac[:WIN // 2], 0.05)
        lo, hi = lags
        return norm[:, lo:hi].max(1)


def smooth(active, hop, burst=60, hang=150, merge=250, minimum=250, starts_back=None,
           ends_forward=None):
    """ActivitySmoother in frames: returns (start, end) frame spans."""
    f = lambda ms: int((ms * RATE / 1000 + hop // 2) // hop)
    burst, hang, merge, minimum = max(1, f(burst)), f(hang), f(merge), max(1, f(minimum))
    spans, runs = [], []
    run_start, last = -1, -1
    n = len(active)
    for i in range(n):
        if active[i]:
            if run_start < 0:
                run_start = i
            last = i
        elif run_start >= 0 and i - last > 1:
            runs.append((run_start, last + 1))
            run_start = -1
    if run_start >= 0:
        runs.append((run_start, last + 1))
    seg = None
    for s, e in runs:
        if e - s < burst:
            continue
        if starts_back is not None:
            s = starts_back(s)
        if ends_forward is not None:
            e = ends_forward(e)
        if seg and s <= seg[1] + merge:
            seg = (seg[0], e + hang)
        else:
            if seg:
                spans.append(seg)
            seg = (s, e + hang)
    if seg:
        spans.append((seg[0], min(seg[1], n)))
    return [(s, e) for s, e in spans if e - s >= minimum]


def baseline(F, cfg):
    half = int(cfg.get("window", 6000) * RATE / 1000 / F.hop) // 2
    floors = sliding_percentile(F.levels, half, cfg.get("pct", 0.35))
    score = np.maximum(0, F.levels - floors).mean(1)
    active = (score >= cfg.get("thr", 6)) & (F.flux >= cfg.get("flux", 2.5)) & (F.total >= -55)
    return active, score, floors


def segments_of(spans, hop):
    return [(s * hop / RATE, e * hop / RATE) for s, e in spans]


def run(cfg, mixes):
    results = {}
    for bed, (samples, truth, F) in mixes.items():
        active, extra = decide(F, cfg)
        back = extra.get("back")
        spans = smooth(active, F.hop, hang=cfg.get("hang", 150), starts_back=back,
                       ends_forward=extra.get("forward"))
        if cfg.get("segpeak") is not None:
            # A segment must rise somewhere within `segpeak` dB of the loud level (background
            # talkers lie well under the foreground).
            loud = active & (F.total >= extra["ref"] - cfg["segpeak"])
            spans = [(s, e) for s, e in spans if loud[s:e].any()]
        if cfg.get("segscore") is not None:
            # A segment must reach a higher score somewhere (hysteresis).
            high = active & (extra["score"] >= cfg["segscore"])
            spans = [(s, e) for s, e in spans if high[s:e].any()]
        results[bed] = bench.score(truth, segments_of(spans, F.hop))
    return results


def decide(F, cfg):
    kind = cfg.get("kind", "baseline")
    if kind == "baseline":
        active, score, floors = baseline(F, cfg)
        return active, {}
    # "floor": a low percentile over a long window, plus harmonicity and a relative gate.
    half = int(cfg.get("window", 6000) * RATE / 1000 / F.hop) // 2
    full = bool(cfg.get("fullends"))
    key = ("floors", half, cfg["pct"], full)
    if key not in F.cache:
        F.cache[key] = sliding_percentile(F.levels, half, cfg["pct"], full)
    floors = F.cache[key] + cfg.get("offset", 0)
    if cfg.get("pct2") is not None:
        # Raise the floor by the bed's own spread: a bed with deep dips (babble, music) needs
        # a larger rise than a steady one (noise).
        key2 = ("floors", half, cfg["pct2"], full)
        if key2 not in F.cache:
            F.cache[key2] = sliding_percentile(F.levels, half, cfg["pct2"], full)
        spread = np.minimum(F.cache[key2] - F.cache[key], cfg.get("cap", 99))
        if cfg.get("bandmean"):
            spread = np.repeat(spread.mean(1, keepdims=True), 8, 1)
        offset = cfg["k"] * np.maximum(0, spread - cfg.get("s0", 0))
        if cfg.get("depth") is not None:
            # Only a bed near the speech counts: far below the loudest speech (silence, room
            # tone), the spread is that of speech against silence.
            whalf = int(cfg.get("window", 6000) * RATE / 1000 / F.hop) // 2
            ref = sliding_percentile(F.total[:, None], whalf, 0.95, full)[:, 0]
            low = sliding_percentile(F.total[:, None], whalf, cfg["pct"], full)[:, 0]
            depth = ref - low
            weight = np.clip((cfg["depth"] + 5 - depth) / 5, 0, 1)
            offset = offset * weight[:, None]
        if cfg.get("fluxbed") is not None:
            # Only a bed whose spectrum keeps changing (babble) needs the raise; music's
            # held notes are kept out by the spectral-change check already.
            fkey = ("fluxpct", half, cfg.get("fluxq", 0.2), full)
            if fkey not in F.cache:
                F.cache[fkey] = sliding_percentile(F.flux[:, None], half, cfg.get("fluxq", 0.2),
                                                   full)[:, 0]
            lo, hi = cfg["fluxbed"]
            a = cfg.get("fluxmin", 0)
            offset = offset * (a + (1 - a) * np.clip((F.cache[fkey] - lo) / (hi - lo), 0, 1))[:, None]
        floors = floors + offset
    if cfg.get("short") is not None:
        # A second floor over a short window follows a bed that swells and fades.
        shalf = int(cfg["short"] * RATE / 1000 / F.hop) // 2
        sfull = bool(cfg.get("fullfollow"))
        skey = ("floors", shalf, cfg.get("spct", cfg["pct"]), sfull)
        if skey not in F.cache:
            F.cache[skey] = sliding_percentile(F.levels, shalf, cfg.get("spct", cfg["pct"]), sfull)
        floors = np.maximum(floors, F.cache[skey] + cfg.get("soff", 0))
    if cfg.get("score", "A") == "A":
        score = np.maximum(0, F.levels - floors).mean(1)
    else:
        # The mean power of the bands over their floors, in dB.
        ratio = np.mean(F.bands / 10 ** (floors / 10), 1)
        avg = cfg.get("avg", 1)
        if avg > 1:
            ratio = np.convolve(ratio, np.ones(avg) / avg, "same")
        score = 10 * np.log10(ratio + 1e-12)
    if cfg.get("avgA", 1) > 1:
        score = np.convolve(score, np.ones(cfg["avgA"]) / cfg["avgA"], "same")
    hkey = ("harm", half, cfg["pct"], cfg.get("offset", 0))
    if cfg.get("harm") is not None:
        if hkey not in F.cache:
            F.cache[hkey] = F.harmonicity(floors)
        h = F.cache[hkey]
    else:
        h = np.ones(F.count)
    strong = (score >= cfg["thr"]) & (F.total >= -55)
    loudrun = strong.copy()
    if cfg.get("flux"):
        flux = F.flux
        if cfg.get("fluxrise"):
            # The change of each band weighted by how far the band rises above its floor:
            # measured where the sound stands out of the bed.
            rise = np.maximum(0, F.levels - floors)
            flux = (rise * F.bandflux).sum(1) / np.maximum(rise.sum(1), 1e-9)
        if cfg.get("avgflux", 1) > 1:
            flux = np.convolve(flux, np.ones(cfg["avgflux"]) / cfg["avgflux"], "same")
        if cfg.get("fluxspan"):
            # The spectrum must have changed somewhere within `fluxspan` frames of the frame.
            k = cfg["fluxspan"]
            padded = np.concatenate([np.zeros(k), flux, np.zeros(k)])
            flux = np.max(np.stack([padded[i:i + len(flux)] for i in range(2 * k + 1)]), 0)
        strong &= flux >= cfg["flux"]
    if cfg.get("harm") is not None:
        voiced = h >= cfg["harm"]
        strong &= voiced | (score >= cfg.get("thr_unvoiced", 99))
    if cfg.get("gate") is not None:
        # Relative to the loudest speech: a high percentile of the level of the frames that
        # pass, over a long window centred on the frame.
        ghalf = int(cfg.get("gatewindow", 30000) * RATE / 1000 / F.hop) // 2
        lv = np.where(strong, F.total, np.nan) if cfg.get("gatestrong", 1) else F.total.copy()
        ref = np.empty(F.count)
        q = cfg.get("gateq", 0.9)
        for i in range(F.count):
            lo, hi = bounds(i, ghalf, F.count, full)
            w = lv[lo:hi]
            w = w[~np.isnan(w)]
            ref[i] = np.quantile(w, q) if len(w) else -200
        strong &= F.total >= ref - cfg["gate"]
        loudrun &= F.total >= ref - cfg["gate"]
    if cfg.get("runflux"):
        # Within a run of frames over the threshold, every frame is active once enough of
        # them pass the spectral change (a steady vowel inside a word).
        k = cfg["runflux"]
        i, n = 0, F.count
        out = strong.copy()
        while i < n:
            if loudrun[i]:
                j = i
                while j < n and loudrun[j]:
                    j += 1
                if strong[i:j].sum() >= k:
                    out[i:j] = True
                i = j
            else:
                i += 1
        strong = out
    extra = {"score": score}
    if cfg.get("gate") is not None:
        extra["ref"] = ref
    lb = cfg.get("lookback")
    if lb:
        weak = (score >= cfg.get("weak", 3)) & (F.total >= -55)
        if cfg.get("gate") is not None:
            weak &= F.total >= ref - cfg["gate"]
        limit = int(lb * RATE / 1000 / F.hop)

        def back(s):
            k = s
            while k > 0 and s - k < limit and weak[k - 1]:
                k -= 1
            return k
        extra["back"] = back
    la = cfg.get("lookahead")
    if la:
        # The end moves on over the weak frames just after the last active one, where the
        # word fades back into the bed.
        weak2 = (score >= cfg.get("weakend", cfg.get("weak", 3))) & (F.total >= -55)
        if cfg.get("gate") is not None:
            weak2 &= F.total >= ref - cfg["gate"]
        limit2 = int(la * RATE / 1000 / F.hop)

        def forward(e):
            k = e
            while k < F.count and k - e < limit2 and weak2[k]:
                k += 1
            return k
        extra["forward"] = forward
    return strong, extra


VARIANTS = {
    "baseline": {"kind": "baseline"},
    # The detector before the segment gate (segmentGate).
    "ungated": {"kind": "floor", "window": 10000, "pct": 0.05, "short": 2000, "spct": 0.05,
                "soff": 0, "pct2": 0.2, "k": 3, "s0": 2.5, "bandmean": 1, "depth": 60,
                "fluxbed": [1, 2], "fluxmin": 0.6, "score": "A", "avgA": 7, "thr": 4.5,
                "flux": 2.5, "gate": 30, "gatestrong": 0, "gatewindow": 10000, "gateq": 0.95,
                "lookback": 60, "weak": 3},
}
# The settings AudioActivityDetector ships with now.
VARIANTS["shipped"] = {**VARIANTS["ungated"], "segpeak": 10}


def fmt(results):
    out = []
    for bed in BEDS:
        r = results[bed]
        onset = "n/a" if r["onset"] is None else f"{round(r['onset']):+d}"
        out.append(f"{bed:>9}: {r['acc']:5.1f} {r['rec']:5.1f} {r['fa']:5.1f} {onset:>5}ms")
    b = results["babble-20"]
    out.append(f"babble pauses: {b['false_per_minute']:.1f}/min {b['pause_fa']:.1f}%")
    return "\n".join(out)


def summary(results):
    r = results
    return (f"none {r['none']['acc']:.1f} | p20 {r['pink-20']['rec']:.1f}/{r['pink-20']['fa']:.1f} "
            f"| p10 {r['pink-10']['rec']:.1f}/{r['pink-10']['fa']:.1f} {r['pink-10']['onset']} "
            f"| p5 {r['pink-5']['rec']:.1f}/{r['pink-5']['fa']:.1f} | bab FA {r['babble-20']['fa']:.1f} "
            f"rec {r['babble-20']['rec']:.1f} | mus {r['music-10']['acc']:.1f}")


def load(media, split):
    mixes = {}
    for bed in BEDS:
        samples = read(os.path.join(media, split, f"{bed}.wav"))
        with open(os.path.join(media, split, f"{bed}.truth.json")) as f:
            truth = json.load(f)
        F = Features(samples)
        F.cache = {}
        mixes[bed] = (samples, truth, F)
    return mixes


def load_espeak(folder):
    """The mixes of Scripts/make-speech-fixtures.py (espeak-ng voices over synthetic beds),
    with a truth in the shape of vad-mix.py's (pauses are the gaps between utterances)."""
    mixes = {}
    for bed in ["music", "noise", "babble"]:
        with open(os.path.join(folder, f"{bed}.truth.tsv")) as f:
            spans = [tuple(map(float, line.split()[:2])) for line in f
                     if line.strip() and not line.startswith("#")]
        for snr in (20, 10, 5):
            samples = read(os.path.join(folder, f"{bed}-{snr}db.wav"))
            duration = len(samples) / RATE
            pauses = [{"start": a[1], "end": b[0]} for a, b in zip(spans, spans[1:])]
            truth = {"duration": duration, "segments": [{"start": a, "end": b} for a, b in spans],
                     "clips": [{"start": spans[0][0], "end": spans[-1][1]}], "pauses": pauses}
            F = Features(samples)
            F.cache = {}
            mixes[f"{bed}-{snr}"] = (samples, truth, F)
    return mixes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/captionkit-bench-vad/seed-25")
    parser.add_argument("--splits", default="tuning",
                        help="tuning, librivox, all, or espeak (the test fixtures in --espeak)")
    parser.add_argument("--espeak", help="a folder written by Scripts/make-speech-fixtures.py")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--config", action="append", default=[],
                        help="a JSON object of settings (kind, pct, window, thr, flux, harm, ...)")
    args = parser.parse_args()
    parser_variants = args.variant or []
    configs = [VARIANTS[v] for v in parser_variants] + [json.loads(c) for c in args.config]
    configs = configs or [VARIANTS["baseline"], VARIANTS["shipped"]]
    for split in args.splits.split(","):
        if split == "espeak":
            mixes = load_espeak(args.espeak)
            for cfg in configs:
                results = run(cfg, mixes)
                print(f"[espeak] {json.dumps(cfg)}")
                print(" | ".join(f"{bed} {r['acc']:.1f}/{r['rec']:.1f}/{r['fa']:.1f}"
                                 for bed, r in results.items()))
            continue
        mixes = load(args.media, split)
        for cfg in configs:
            print(f"[{split}] {json.dumps(cfg)}")
            print(summary(run(cfg, mixes)))


if __name__ == "__main__":
    main()
