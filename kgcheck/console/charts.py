"""A stacked bar chart as inline SVG, drawn on the server: no script, no external file.

Usage::

    svg = stacked_bars(["2026-11-01", "2026-11-02"], {"wrong_attribute": {"2026-11-01": 3}})
"""

from __future__ import annotations

from markupsafe import Markup, escape

__all__ = ["PALETTE", "stacked_bars"]

#: Colours of the series, in order (colour-blind safe: Okabe and Ito's palette).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 960, 260, 48, 40, 10


def stacked_bars(days: list[str], series: dict[str, dict[str, int]], *, title: str = "") -> Markup:
    """Bars per day, stacked by series, with a y axis, day labels and a legend. Every text in
    it is escaped; each bar segment has a tooltip (``<title>``) with its count."""
    names = sorted(series)
    totals = [sum(series[n].get(day, 0) for n in names) for day in days]
    peak = max([*totals, 1])
    plot_h = HEIGHT - BOTTOM - TOP
    step = (WIDTH - LEFT - 10) / max(len(days), 1)
    bar = max(step * 0.8, 1.0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT + 20 * ((len(names) + 3) // 4)}" '
        f'aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - 10}" y2="{TOP + plot_h}" '
        'stroke="#888"/>',
    ]
    for tick in (0, peak // 2, peak):
        y = TOP + plot_h - plot_h * tick / peak
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{tick}</text>'
        )
    label_every = max(1, len(days) // 15)
    for i, day in enumerate(days):
        x = LEFT + i * step + (step - bar) / 2
        y = TOP + plot_h
        for k, name in enumerate(names):
            count = series[name].get(day, 0)
            if not count:
                continue
            h = plot_h * count / peak
            y -= h
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                f'fill="{PALETTE[k % len(PALETTE)]}"><title>{escape(day)} '
                f"{escape(name)}: {count}</title></rect>"
            )
        if i % label_every == 0:
            parts.append(
                f'<text x="{x + bar / 2:.1f}" y="{TOP + plot_h + 14}" text-anchor="middle" '
                f'font-size="10">{escape(day[5:])}</text>'
            )
    for k, name in enumerate(names):
        lx, ly = LEFT + (k % 4) * 220, HEIGHT - 8 + 20 * (k // 4)
        parts.append(
            f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" '
            f'fill="{PALETTE[k % len(PALETTE)]}"/>'
            f'<text x="{lx + 18}" y="{ly}" font-size="12">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
