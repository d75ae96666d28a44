#!/usr/bin/env python3
"""scripts/report.py - a calibration report an analyst can open in a browser.

Runs skill.evaluate over a rows query for several rating systems, and the
reliability diagram of each (skill.calibration_table over
skill.match_predictions), and writes one self-contained XHTML page: a
table of the scores (log-loss, Brier, accuracy, ECE, calibration slope) and
an SVG reliability diagram with one line per system.  With --objective
three_way (or both) the table has the three-way scores too (RPS, draw
rates, the win and draw calibration slopes) and a second diagram shows
the chance of a draw against the observed draw rate.

    python3 scripts/report.py --rows 'SELECT * FROM results ORDER BY played_at, match_id' \\
        --systems elo,glicko,pl,trueskill --out report.html [--options '{"elo": {"k": 24}}'] \\
        [--objective binary|three_way|both]

Connection settings come from the usual PG* environment variables.
"""
import argparse
import html
import json
import subprocess
import sys

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


def query(sql):
    """Rows of a query as lists of strings (psql, unaligned, tab-separated)."""
    out = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                          "-c", sql], check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def literal(text):
    return "'" + text.replace("'", "''") + "'"


# The table's columns for each objective: (evaluate's column, heading).
COLUMNS = {
    "binary": [("log_loss", "log-loss"), ("brier", "Brier"), ("accuracy", "accuracy"), ("ece", "ECE"),
               ("calibration_slope", "calibration slope")],
    "three_way": [("three_way_log_loss", "three-way log-loss"), ("three_way_brier", "three-way Brier"),
                  ("rps", "RPS"), ("draw_rate", "draw rate"), ("predicted_draw_rate", "predicted draw rate"),
                  ("win_calibration_slope", "win calibration slope"),
                  ("draw_calibration_slope", "draw calibration slope")],
}
OBJECTIVES = {"binary": ["binary"], "three_way": ["three_way"], "both": ["binary", "three_way"]}


def columns(objective):
    return [c for o in OBJECTIVES[objective] for c in COLUMNS[o]]


def scores(rows, systems, options, objective):
    settings = json.loads(options)
    settings["objective"] = OBJECTIVES[objective]
    sql = ("SELECT system, n, %s FROM skill.evaluate(%s, ARRAY[%s], %s)"
           % (", ".join(c for c, _ in columns(objective)), literal(rows),
              ", ".join(literal(s) for s in systems), literal(json.dumps(settings)) + "::jsonb"))
    return query(sql)


# What a diagram plots: match_predictions' chance and its outcome over its rows
# of two-team matches (each team's, or the first team's: a draw is both's).
WIN = ("predicted_win", "outcome", "true", "mean predicted win probability", "observed win rate")
WON = ("predicted_win", "(outcome = 1)::int", "true", "mean predicted chance of a win",
       "observed win rate (a draw is no win)")
DRAWN = ("predicted_draw", "(outcome = 0.5)::int", "team = 1", "mean predicted chance of a draw",
         "observed draw rate")


def calibration(rows, system, options, buckets, what):
    """A system's diagram points; a configuration named by the caller
    ({"k16": {"family": "elo", "k": 16}}) is its family with the rest of
    its options."""
    own = dict(json.loads(options).get(system) or {})
    family = own.pop("family", system)
    if family == "ttt":
        # evaluate's schedule when none is given (docs/ttt.md), not match_predictions' none
        own.setdefault("resmooth_every", 30)
    sql = ("SELECT b.bucket, b.n, b.mean_predicted, b.observed FROM unnest((SELECT skill.calibration_table("
           "%s, %s, %d) FROM skill.match_predictions(%s, %s, %s) WHERE teams = 2 AND %s)) b"
           % (what[0], what[1], buckets, literal(family), literal(rows),
              literal(json.dumps(own)) + "::jsonb" if own else "NULL", what[2]))
    return [(float(p), float(o), int(n)) for _, n, p, o in query(sql) if p and o]


def svg(curves, labels, size=420, pad=50):
    """A reliability diagram: mean prediction (x) against observed rate (y)."""
    span = size - 2 * pad

    def xy(p, o):
        return pad + p * span, size - pad - o * span
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (size, size, size, size),
             '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (pad, pad, span, span),
             '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#bbb" stroke-dasharray="4 4"/>' % (pad, size - pad, size - pad, pad)]
    for k in range(0, 11, 2):
        v = k / 10
        x, y = xy(v, v)
        parts.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%.1f</text>' % (x, size - pad + 16, v))
        parts.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%.1f</text>' % (pad - 6, y + 4, v))
    parts.append('<text x="%d" y="%d" font-size="12" text-anchor="middle">%s</text>' % (size / 2, size - 12, html.escape(labels[0])))
    parts.append('<text x="14" y="%d" font-size="12" text-anchor="middle" transform="rotate(-90 14 %d)">%s</text>'
                 % (size / 2, size / 2, html.escape(labels[1])))
    for i, (system, points) in enumerate(curves):
        color = COLORS[i % len(COLORS)]
        coords = " ".join("%.1f,%.1f" % xy(p, o) for p, o, _ in points)
        parts.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>' % (coords, color))
        for p, o, n in points:
            x, y = xy(p, o)
            parts.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s: %d predictions</title></circle>'
                         % (x, y, color, html.escape(system), n))
        parts.append('<text x="%d" y="%d" font-size="12" fill="%s">%s</text>' % (pad + 8, pad + 16 + 15 * i, color, html.escape(system)))
    parts.append("</svg>")
    return "\n".join(parts)


def page(score_rows, diagrams, rows, objective):
    head = ["system", "matches"] + [h for _, h in columns(objective)]
    table = ["<table>", "<tr>" + "".join("<th>%s</th>" % h for h in head) + "</tr>"]
    for r in score_rows:
        cells = [html.escape(r[0]), r[1]] + [("%.4f" % float(v)) if v else "" for v in r[2:]]
        table.append("<tr>" + "".join("<td>%s</td>" % c for c in cells) + "</tr>")
    table.append("</table>")
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="UTF-8"/><title>skill: calibration report</title>',
        "<style>body{font-family:sans-serif;margin:2em} td,th{padding:4px 10px;text-align:right} th{border-bottom:1px solid #999}</style>",
        "</head><body>",
        "<h1>Calibration report</h1>",
        "<p>Rows: <code>%s</code></p>" % html.escape(rows),
        "<h2>Scores of the pre-match predictions (two-team matches)</h2>",
        "\n".join(table)]
        + ["\n".join(["<h2>%s</h2>" % html.escape(title),
                      "<p>Points on the dashed diagonal are calibrated; below it, the predictions were too confident.</p>",
                      svg(curves, labels)]) for title, labels, curves in diagrams]
        + ["</body></html>", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", required=True, help="the rows query, as for skill.evaluate")
    ap.add_argument("--systems", default="elo,glicko,pl,trueskill")
    ap.add_argument("--options", default="{}", help="skill.evaluate options (jsonb)")
    ap.add_argument("--buckets", type=int, default=10)
    ap.add_argument("--objective", choices=sorted(OBJECTIVES), default="binary",
                    help="evaluate's objective: binary (default), three_way or both")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    score_rows = scores(args.rows, systems, args.options, args.objective)
    kinds = [("Reliability diagram", WIN)] if args.objective != "three_way" else [("Reliability diagram of the win chance", WON)]
    if args.objective != "binary":
        kinds.append(("Reliability diagram of the draw chance", DRAWN))
    # The outside forecast (the rows' forecast_win) is scored, but match_predictions has no curve of it.
    diagrams = [(title, what[3:], [(s, calibration(args.rows, s, args.options, args.buckets, what))
                                   for s in systems if s != "forecast"])
                for title, what in kinds]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page(score_rows, diagrams, args.rows, args.objective))
    print("wrote %s: %d systems" % (args.out, len(systems)))


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.stderr.write(e.stderr)
        sys.exit(1)
