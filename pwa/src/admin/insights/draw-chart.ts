import uPlot from 'uplot';
import { LOCALE_TAGS } from '@redaktion/shared';

/**
 * The figures' line chart, drawn by uPlot on a canvas. This module is loaded only when a chart is shown (an import()
 * from FiguresChart), so uPlot sits in an admin chunk of its own: never in the reader's pages, nor in the admin's
 * first load. The chart is for the eye; FiguresChart puts every number in a table beside it.
 */
export interface ChartInput {
  /** Unix seconds: a Stockholm day's noon, or the start of an hour. */
  times: number[];
  series: { label: string; values: number[] }[];
  hourly: boolean;
  locale: keyof typeof LOCALE_TAGS;
  height: number;
}

const TIME_ZONE = 'Europe/Stockholm';
/** The series' colours, the same tokens the legend beside the chart uses (admin.css, .insights-legend). */
const COLOURS = ['--color-accent', '--color-brand'];
/** Counts step by whole numbers: no "0.5 readers" on the axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
const MIN_WIDTH = 200;
/** Hours step by whole hours, up to a day. */
const HOUR_STEPS = [1, 2, 3, 6, 12, 24].map((hours) => hours * 3600);
/** About the room a day's label takes on the axis, in CSS pixels. */
const DAY_LABEL_PX = 64;

/** Draws the chart into `holder`, as wide as it is, following its width; returns what removes it. */
export function drawChart(holder: HTMLElement, { times, series, hourly, locale, height }: ChartInput): () => void {
  const style = getComputedStyle(holder);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[locale], hourly
    ? { timeZone: TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit' }
    : { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
  const axis = { stroke: colour('--color-muted'), grid: { stroke: colour('--color-border'), width: 1 }, ticks: { stroke: colour('--color-border'), width: 1 } };
  const width = () => Math.max(holder.clientWidth, MIN_WIDTH);
  const chart = new uPlot({
    width: width(),
    height,
    // Ticks fall on Stockholm's midnights and hours, as the days are Stockholm's.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), TIME_ZONE),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [
      {
        ...axis,
        values: (_chart, splits) => splits.map((seconds) => (seconds == null ? '' : when.format(seconds * 1000))),
        // A day's tick under its own point, every nth day where they would crowd; hours on whole hours.
        ...(hourly ? { incrs: HOUR_STEPS } : {
          splits: () => times,
          filter: (chart: uPlot, splits: number[]) => {
            const every = Math.max(1, Math.ceil((splits.length * DAY_LABEL_PX) / chart.width));
            return splits.map((seconds, index) => (index % every === 0 ? seconds : null));
          },
        }),
      },
      { ...axis, incrs: COUNT_STEPS, values: (_chart, splits) => splits.map((value) => number.format(value)) },
    ],
    series: [{}, ...series.map(({ label }, index) => ({
      label, stroke: colour(COLOURS[index % COLOURS.length]!), width: 2, points: { show: times.length <= 31 },
    }))],
  }, [times, ...series.map(({ values }) => values)], holder);
  const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
  resize.observe(holder);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
