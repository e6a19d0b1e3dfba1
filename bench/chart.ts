// The bench's headline figures as a picture (media/performance.svg, shown in the README): for each
// shape of a 100,000-id file, ours beside yaml-language-server for open → first diagnostics, a
// one-character edit → its diagnostics (median of the first edit series), and the server's
// resident memory after the edits. Times on a log scale (the two differ by one to three orders of
// magnitude), memory on a linear one. Plain SVG, no script, no external font.
import type { ShapeResult } from './lsp';

interface Panel {
  readonly title: string;
  readonly unit: 'ms' | 'MB';
  readonly log: boolean;
  readonly ours: (s: ShapeResult) => number;
  readonly yls: (s: ShapeResult) => number;
}

const PANELS: readonly Panel[] = [
  { title: 'open → first diagnostics', unit: 'ms', log: true, ours: (s) => s.ours.openMs, yls: (s) => s.yls.openMs },
  {
    title: 'edit → its diagnostics (median)',
    unit: 'ms',
    log: true,
    ours: (s) => s.ours.scenarios[0]?.diagnostics.median ?? NaN,
    yls: (s) => s.yls.scenarios[0]?.diagnostics.median ?? NaN,
  },
  { title: 'server memory after the edits', unit: 'MB', log: false, ours: (s) => s.ours.rss / 1024 / 1024, yls: (s) => s.yls.rss / 1024 / 1024 },
];

const OURS = '#1f6feb';
const YLS = '#9aa4ae';
const LABEL_WIDTH = 330;
const PANEL_WIDTH = 250;
const GAP = 30;
const ROW = 30;
const BAR = 10;
const TOP = 78;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function figure(value: number, unit: Panel['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toPrecision(2)} ms`;
}

/** An axis label: short, so that neighbours do not run into each other. */
function tickLabel(value: number, unit: Panel['unit']): string {
  if (unit === 'MB') return value >= 1000 ? `${value / 1000}\u00a0GB` : `${value}\u00a0MB`;
  return value >= 1000 ? `${value / 1000}\u00a0s` : `${value}\u00a0ms`;
}

/** Maps a value to a bar length in [0, PANEL_WIDTH - 60] (room for the figure after the bar). */
function scaleOf(panel: Panel, shapes: readonly ShapeResult[]): { length: (v: number) => number; ticks: number[] } {
  const values = shapes.flatMap((s) => [panel.ours(s), panel.yls(s)]).filter((v) => Number.isFinite(v) && v > 0);
  const room = PANEL_WIDTH - 60;
  if (panel.log) {
    const low = Math.floor(Math.log10(Math.min(1, ...values)));
    const high = Math.ceil(Math.log10(Math.max(10, ...values)));
    const ticks = Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
    return { length: (v) => (v > 0 ? ((Math.log10(v) - low) / (high - low)) * room : 0), ticks };
  }
  const high = Math.max(1, ...values);
  const step = 10 ** Math.floor(Math.log10(high)) * (high / 10 ** Math.floor(Math.log10(high)) > 5 ? 2 : 1);
  const top = Math.ceil(high / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  return { length: (v) => (v / top) * room, ticks };
}

export function performanceChart(shapes: readonly ShapeResult[], machine: string): string {
  const width = LABEL_WIDTH + PANELS.length * (PANEL_WIDTH + GAP);
  const height = TOP + shapes.length * ROW + 64;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600" fill="#1f2328">100,000-id files: Scan Target Settings' language server beside yaml-language-server (lower is better)</text>`,
    `<rect x="12" y="34" width="12" height="${BAR}" fill="${OURS}"/><text x="30" y="43" fill="#1f2328">ours (scan-targets lsp)</text>`,
    `<rect x="190" y="34" width="12" height="${BAR}" fill="${YLS}"/><text x="208" y="43" fill="#1f2328">yaml-language-server, same schema</text>`,
  ];
  PANELS.forEach((panel, p) => {
    const x0 = LABEL_WIDTH + p * (PANEL_WIDTH + GAP);
    const { length, ticks } = scaleOf(panel, shapes);
    out.push(`<text x="${x0}" y="${TOP - 12}" font-weight="600" fill="#1f2328">${escape(panel.title)}${panel.log ? ' (log scale)' : ''}</text>`);
    for (const tick of ticks) {
      const x = x0 + length(tick);
      out.push(`<line x1="${x.toFixed(1)}" y1="${TOP - 4}" x2="${x.toFixed(1)}" y2="${TOP + shapes.length * ROW}" stroke="#e6e8eb"/>`);
      out.push(
        `<text x="${x.toFixed(1)}" y="${TOP + shapes.length * ROW + 14}" text-anchor="middle" fill="#57606a" font-size="10">${escape(tickLabel(tick, panel.unit))}</text>`,
      );
    }
    shapes.forEach((shape, i) => {
      const y = TOP + i * ROW + 4;
      for (const [k, value, colour] of [
        [0, panel.ours(shape), OURS],
        [1, panel.yls(shape), YLS],
      ] as const) {
        const w = Number.isFinite(value) ? Math.max(1, length(value)) : 0;
        const yy = y + k * (BAR + 1);
        out.push(`<rect x="${x0}" y="${yy}" width="${w.toFixed(1)}" height="${BAR}" fill="${colour}"/>`);
        out.push(`<text x="${(x0 + w + 4).toFixed(1)}" y="${yy + BAR - 1}" fill="#1f2328" font-size="10">${escape(figure(value, panel.unit))}</text>`);
      }
    });
  });
  shapes.forEach((shape, i) => {
    // The labels' Markdown code spans (`  - abc`) as quotes: a picture shows no Markdown.
    const label = shape.label.replace(/`([^`]*)`/g, '“$1”');
    out.push(`<text x="12" y="${TOP + i * ROW + 17}" fill="#1f2328" xml:space="preserve">${escape(label)}</text>`);
  });
  // The machine on two lines: the run's date and host, then the versions compared and the load.
  const facts = machine.split(' · ');
  const half = Math.ceil(facts.length / 2);
  out.push(`<text x="12" y="${height - 26}" fill="#57606a" font-size="11">npm run bench, ${escape(facts.slice(0, half).join(' · '))}</text>`);
  out.push(`<text x="12" y="${height - 10}" fill="#57606a" font-size="11">${escape(facts.slice(half).join(' · '))}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
