// The rating history chart of the profile page, drawn as inline SVG: the scales (pure, tested in
// test/player-chart.test.mjs) and the SVG's markup, named by its <title> and <desc> for screen
// readers (the page puts a table of the same points beside it).

import type { HistoryPoint } from './model';

export interface ChartBox {
  width: number;
  height: number;
  // The plot's margins inside the box: the rating labels at the left, the dates below.
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = { width: 560, height: 220, left: 48, right: 12, top: 12, bottom: 28 };

// A round step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into at most `most` parts.
export function niceStep(span: number, most = 5): number {
  if (!(span > 0)) return 1;
  const rough = span / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= rough) return m * power;
  return 10 * power;
}

export interface ScaledPoint extends HistoryPoint {
  x: number;
  y: number;
}

export interface ChartScale {
  yMin: number;
  yMax: number;
  yTicks: number[];
  xMin: number; // epoch ms at the plot's left edge
  xMax: number; // and right edge
  points: ScaledPoint[];
  yOf(rating: number): number; // a rating's height in the box
}

// Ratings span at least this much on the chart: one game's change does not fill its height.
const MIN_SPAN = 100;

// Where each point goes in the box: time from left to right (one point, or points at one time,
// in the middle), ratings from bottom to top between round ticks that enclose them all.
export function chartScale(points: readonly HistoryPoint[], box: ChartBox = CHART_BOX): ChartScale {
  const ratings = points.map(p => p.rating);
  let lo = ratings.length ? Math.min(...ratings) : 1500;
  let hi = ratings.length ? Math.max(...ratings) : 1500;
  if (hi - lo < MIN_SPAN) {
    const middle = (lo + hi) / 2;
    lo = middle - MIN_SPAN / 2;
    hi = middle + MIN_SPAN / 2;
  }
  const step = niceStep(hi - lo);
  const yMin = Math.floor(lo / step) * step;
  const yMax = Math.max(Math.ceil(hi / step) * step, yMin + step);
  const yTicks: number[] = [];
  for (let v = yMin; v <= yMax + step / 1e6; v += step) yTicks.push(Math.round(v * 1e6) / 1e6);
  const times = points.map(p => p.at);
  const xMin = times.length ? Math.min(...times) : 0;
  const xMax = times.length ? Math.max(...times) : 0;
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (at: number) => box.left + (xMax === xMin ? plotW / 2 : ((at - xMin) / (xMax - xMin)) * plotW);
  const y = (rating: number) => box.top + (1 - (rating - yMin) / (yMax - yMin)) * plotH;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    yMin,
    yMax,
    yTicks,
    xMin,
    xMax,
    points: points.map(p => ({ ...p, x: round(x(p.at)), y: round(y(p.rating)) })),
    yOf: rating => round(y(rating)),
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ChartText {
  id: string; // unique on the page: the prefix of the title's and description's ids
  title: string;
  desc: string;
  date(at: number): string; // a time as the axis shows it
}

// The chart's SVG markup: grid lines at the rating ticks, the first and last dates, the line
// through the points and a dot on each.
export function chartSvg(points: readonly HistoryPoint[], text: ChartText, box: ChartBox = CHART_BOX): string {
  const scale = chartScale(points, box);
  const right = box.width - box.right;
  const parts: string[] = [];
  for (const tick of scale.yTicks) {
    const at = scale.yOf(tick);
    parts.push(`<line class="grid" x1="${box.left}" y1="${at}" x2="${right}" y2="${at}"/>`);
    parts.push(`<text class="tick" x="${box.left - 6}" y="${at}" text-anchor="end" dominant-baseline="middle">${tick}</text>`);
  }
  if (scale.points.length) {
    const first = scale.points[0]!;
    const last = scale.points[scale.points.length - 1]!;
    parts.push(`<text class="tick" x="${box.left}" y="${box.height - 8}" text-anchor="start">${escape(text.date(first.at))}</text>`);
    if (last.at !== first.at)
      parts.push(`<text class="tick" x="${right}" y="${box.height - 8}" text-anchor="end">${escape(text.date(last.at))}</text>`);
    parts.push(`<polyline class="line" points="${scale.points.map(p => `${p.x},${p.y}`).join(' ')}"/>`);
    for (const p of scale.points) parts.push(`<circle class="dot" cx="${p.x}" cy="${p.y}" r="3.5"/>`);
  }
  const id = escape(text.id);
  return (
    `<svg class="rating-chart" viewBox="0 0 ${box.width} ${box.height}" role="img" aria-labelledby="${id}-title ${id}-desc">` +
    `<title id="${id}-title">${escape(text.title)}</title><desc id="${id}-desc">${escape(text.desc)}</desc>` +
    `${parts.join('')}</svg>`
  );
}
