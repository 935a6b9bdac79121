import { useEffect, useRef } from 'react';
import { useAdminT } from '../i18n';
import { usePlatform } from '../platform';
import { useFormat } from './format';

export interface ChartPoint { seconds: number; label: string; values: number[] }

/**
 * A line chart of figures over time with its numbers in a table beneath (in a <details>), so that a screen reader or
 * the keyboard gets every number the chart shows. The chart itself is for the eye only; uPlot comes in with it
 * (draw-chart.ts), and where it cannot draw (no canvas) the table is still there.
 */
export function FiguresChart({ caption, head, labels, points, hourly = false, height = 240 }: {
  caption: string; head: string; labels: string[]; points: ChartPoint[]; hourly?: boolean; height?: number;
}) {
  const t = useAdminT();
  const format = useFormat();
  const { theme } = usePlatform();
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let shown = true;
    let remove: (() => void) | undefined;
    const input = {
      times: points.map((point) => point.seconds),
      series: labels.map((label, index) => ({ label, values: points.map((point) => point.values[index] ?? 0) })),
      hourly, locale: t.locale, height,
    };
    import('./draw-chart').then(({ drawChart }) => {
      if (shown && holder.current) remove = drawChart(holder.current, input);
    }).catch(() => undefined);
    return () => {
      shown = false;
      remove?.();
    };
    // The theme is in the dependencies for the colours the chart reads from the styles.
  }, [points, labels, hourly, height, t.locale, theme]);

  return (
    <figure className="insights-chart">
      <figcaption>{caption}</figcaption>
      <ul className="insights-legend" aria-hidden="true">
        {labels.map((label) => <li key={label}>{label}</li>)}
      </ul>
      <div ref={holder} className="insights-chart-canvas" style={{ minHeight: height }} aria-hidden="true" />
      <details className="insights-numbers">
        <summary>{t('insights.numbers')}</summary>
        <table className="insights-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr><th scope="col">{head}</th>{labels.map((label) => <th key={label} scope="col">{label}</th>)}</tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.seconds}>
                <th scope="row">{point.label}</th>
                {point.values.map((value, index) => <td key={labels[index]}>{format.number(value)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
