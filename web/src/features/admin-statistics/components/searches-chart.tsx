/**
 * Searches per day as a small SVG bar chart (issue 11 StatisticsList: "searches per day as a chart"). The issue
 * suggests a small canvas chart library such as uPlot, loaded only for staff; none is installed and this project
 * adds no dependency without the lead, so this component draws the bars itself: one <rect> per day, scaled to the
 * busiest day, with a <title> per bar (hover), axis labels for the first, middle and last day and the maximum.
 * uPlot would replace it (zoom, cursor) behind the same props.
 *
 * Accessible: the SVG is one image (role="img") named by the chart's heading and described by a text summary
 * (total, days, the busiest day), which screen readers read instead of the bars.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/language';
import { formatCalendarDate, formatShortDate } from '../utils/calendar-date';

export interface DayCount {
  /** Tallinn calendar date, yyyy-mm-dd. */
  day: string;
  searches: number;
}

const WIDTH = 720;
const HEIGHT = 140;
const PAD = { top: 8, right: 8, bottom: 20, left: 36 };

export function SearchesChart({ days, lang }: { days: readonly DayCount[]; lang: Language }) {
  const { t } = useTranslation('cms');
  const id = useId();
  const total = days.reduce((s, d) => s + d.searches, 0);
  const busiest = days.reduce<DayCount | null>((best, d) => (!best || d.searches > best.searches ? d : best), null);
  const max = Math.max(1, busiest?.searches ?? 0);
  const summary =
    total === 0 || !busiest
      ? t('admin.statistics.chart.none')
      : t('admin.statistics.chart.summary', { total, days: days.length, max: busiest.searches, maxDay: formatCalendarDate(busiest.day, lang) });
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = days.length ? innerW / days.length : innerW;
  const barW = Math.max(1, step * 0.75);
  const ticks = days.length ? [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])] : [];
  return (
    <figure className="searches-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{t('admin.statistics.chart.title')}</h2>
        <p id={`${id}-summary`} className="searches-chart__summary">
          {summary}
        </p>
      </figcaption>
      {days.length ? (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
          <line className="searches-chart__axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} />
          <text className="searches-chart__label" x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
            {busiest?.searches ?? 0}
          </text>
          <text className="searches-chart__label" x={PAD.left - 4} y={PAD.top + innerH} textAnchor="end">
            0
          </text>
          {days.map((d, i) => {
            const h = (d.searches / max) * innerH;
            return (
              <rect key={d.day} className="searches-chart__bar" x={PAD.left + i * step + (step - barW) / 2} y={PAD.top + innerH - h} width={barW} height={h}>
                <title>{`${formatCalendarDate(d.day, lang)}: ${d.searches}`}</title>
              </rect>
            );
          })}
          {ticks.map((i) => (
            <text key={i} className="searches-chart__label" x={PAD.left + i * step + step / 2} y={HEIGHT - 4} textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}>
              {formatShortDate(days[i]!.day, lang)}
            </text>
          ))}
        </svg>
      ) : null}
    </figure>
  );
}
