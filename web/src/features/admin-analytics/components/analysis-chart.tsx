/**
 * An analysis's counts over time as a uPlot chart (docs/architecture.md "Analyses: search conversion and the order funnel"): one x value per Tallinn day or
 * week (the Monday), several series drawn as lines with points, the y axis from 0, a cursor whose legend names the
 * day and each series' count. Imported by the analysis screens only, so uPlot travels in the staff chunk.
 *
 * Colours come from the theme's CSS variables (the first series --accent, then --text, --text-muted and --border)
 * and are read again when the theme changes (`data-theme` on <html>); the chart follows its box's width.
 * Accessible: the canvas is one image (role="img") named by the chart's heading and described by a text summary the
 * screen passes in.
 */
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Language } from '../../../lib/language';
import { formatCalendarDate, formatShortDate } from '../utils/format';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

const HEIGHT = 180;
const DAY_S = 86_400;
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const toDay = (seconds: number) => new Date(Math.round(seconds / DAY_S) * DAY_S * 1000).toISOString().slice(0, 10);
const themeColour = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function AnalysisChart(props: { title: string; summary: string; xLabel: string; days: readonly string[]; series: readonly ChartSeries[]; lang: Language }) {
  const { title, summary, xLabel, days, series, lang } = props;
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || !days.length) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const colours = [themeColour('--accent', '#c2410c'), themeColour('--text', '#222'), themeColour('--text-muted', '#666'), themeColour('--success', '#15803d')];
      const muted = themeColour('--text-muted', '#666');
      const grid = themeColour('--border', '#ddd');
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
      const max = Math.max(1, ...series.flatMap((s) => s.values));
      plot = new uPlot(
        {
          width: Math.max(240, el.clientWidth),
          height: HEIGHT,
          legend: { show: true, live: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false, range: (_u, min, maxX) => [min - DAY_S / 2, maxX + DAY_S / 2] }, y: { range: [0, max] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((s) => formatShortDate(toDay(s), lang)), space: 60, incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S, 91 * DAY_S] },
            { ...axis, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000], values: (_u, splits) => splits.map((s) => String(Math.round(s))) },
          ],
          series: [
            { label: xLabel, value: (_u, v) => (v === null ? '' : formatCalendarDate(toDay(v), lang)) },
            ...series.map((s, i) => ({ label: s.label, stroke: colours[i % colours.length], width: 2, points: { show: true, size: 5 } })),
          ],
        },
        [days.map(toSeconds), ...series.map((s) => [...s.values])],
        el,
      );
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [days, series, lang, xLabel]);

  return (
    <figure className="analysis-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-summary`} className="analysis-chart__summary">
          {summary}
        </p>
      </figcaption>
      {days.length ? <div ref={box} className="analysis-chart__plot" role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} data-points={days.length} /> : null}
    </figure>
  );
}
