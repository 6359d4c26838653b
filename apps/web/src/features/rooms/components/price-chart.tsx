import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type PriceChartProps = {
  days: readonly { date: string; price: number | null }[];
  locale: string;
  /** Formats an amount for the axis and the legend (the page's `useFormatPrice`, so currencies agree). */
  formatPrice: (amount: number) => string;
  seriesLabel: string;
  dateLabel: string;
  /** Id of the heading that names the chart. */
  labelledBy: string;
  height?: number;
};

const toSeconds = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))) / 1000;

/**
 * The 12-month price chart of the no-availability page (uPlot, loaded on demand with this module). Assistive
 * technology meets it as one image named by its heading; the page lists the cheapest price per month as a table.
 */
export default function PriceChart({
  days,
  locale,
  formatPrice,
  seriesLabel,
  dateLabel,
  labelledBy,
  height = 240,
}: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const color = getComputedStyle(el).getPropertyValue("--color-primary").trim() || "#1d4ed8";
    const month = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
    const data: uPlot.AlignedData = [days.map((d) => toSeconds(d.date)), days.map((d) => d.price)];
    const chart = new uPlot(
      {
        width: Math.max(el.clientWidth, 280),
        height,
        series: [
          { label: dateLabel, value: (_u, v) => (v == null ? "–" : day.format(new Date(v * 1000))) },
          {
            label: seriesLabel,
            stroke: color,
            width: 2,
            fill: `${color}1f`,
            spanGaps: false,
            value: (_u, v) => (v == null ? "–" : formatPrice(v)),
          },
        ],
        axes: [
          {
            values: (_u, ticks) => ticks.map((v) => month.format(new Date(v * 1000))),
            grid: { stroke: "#e4e9f0" },
          },
          { size: 96, values: (_u, ticks) => ticks.map((v) => formatPrice(v)), grid: { stroke: "#e4e9f0" } },
        ],
        scales: { x: { time: true } },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 280), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, locale, formatPrice, seriesLabel, dateLabel, height]);

  return <div ref={box} className="price-chart" role="img" aria-labelledby={labelledBy} />;
}
