/**
 * Searches per day as a small bar chart (spec 2 StatisticsList: "searches per day as a chart (a small canvas chart
 * library such as uPlot, loaded only for staff)"), drawn by uPlot on a canvas: one bar per Tallinn calendar day, the
 * y axis from 0 to the busiest day, a cursor whose legend names the day and its searches. This module is imported by
 * the StatisticsList screen only, so uPlot travels in that staff chunk and never in a shopper's page.
 *
 * Colours come from the theme's CSS variables (--accent, --text-muted, --border) and are read again when the theme
 * changes (`data-theme` on <html>); the chart follows its box's width.
 *
 * Accessible: the canvas is one image (role="img") named by the chart's heading and described by a text summary
 * (total, days, the busiest day), which screen readers read instead of the bars.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Language } from '../../../lib/language';
import { formatCalendarDate, formatShortDate } from '../utils/calendar-date';

export interface DayCount {
  /** Tallinn calendar date, yyyy-mm-dd. */
  day: string;
  searches: number;
}

const HEIGHT = 160;
const DAY_S = 86_400;

/** 'yyyy-mm-dd' to seconds since the epoch at its UTC midnight (uPlot's x values), and back. */
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const toDay = (seconds: number) => new Date(Math.round(seconds / DAY_S) * DAY_S * 1000).toISOString().slice(0, 10);

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function SearchesChart({ days, lang }: { days: readonly DayCount[]; lang: Language }) {
  const { t } = useTranslation('cms');
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const total = days.reduce((s, d) => s + d.searches, 0);
  const busiest = days.reduce<DayCount | null>((best, d) => (!best || d.searches > best.searches ? d : best), null);
  const summary =
    total === 0 || !busiest
      ? t('admin.statistics.chart.none')
      : t('admin.statistics.chart.summary', { total, days: days.length, max: busiest.searches, maxDay: formatCalendarDate(busiest.day, lang) });
  const seriesLabel = t('admin.statistics.searches');

  useEffect(() => {
    const el = box.current;
    if (!el || !days.length) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const accent = themeColour('--accent', '#c2410c');
      const muted = themeColour('--text-muted', '#666');
      const grid = themeColour('--border', '#ddd');
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
      const max = Math.max(1, ...days.map((d) => d.searches));
      const options: uPlot.Options = {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        legend: { show: true, live: true },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: (_u, min, maxX) => [min - DAY_S / 2, maxX + DAY_S / 2] }, y: { range: [0, max] } },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => formatShortDate(toDay(s), lang)), space: 60, incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 30 * DAY_S, 91 * DAY_S] },
          { ...axis, size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000], values: (_u, splits) => splits.map((s) => String(Math.round(s))) },
        ],
        series: [
          { label: t('admin.statistics.chart.day'), value: (_u, v) => (v === null ? '' : formatCalendarDate(toDay(v), lang)) },
          { label: seriesLabel, fill: accent, stroke: accent, width: 0, paths: uPlot.paths.bars!({ size: [0.75, 40], align: 0 }), points: { show: false } },
        ],
      };
      plot = new uPlot(options, [days.map((d) => toSeconds(d.day)), days.map((d) => d.searches)], el);
    };
    draw();
    // Follow the box's width and the theme (light / dark).
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [days, lang, seriesLabel, t]);

  return (
    <figure className="searches-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{t('admin.statistics.chart.title')}</h2>
        <p id={`${id}-summary`} className="searches-chart__summary">
          {summary}
        </p>
      </figcaption>
      {days.length ? (
        <div ref={box} className="searches-chart__plot" role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} data-days={days.length} />
      ) : null}
    </figure>
  );
}
