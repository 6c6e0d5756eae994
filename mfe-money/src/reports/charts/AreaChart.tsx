/**
 * A small area chart drawn in SVG (no chart library: the page's JS budget). The drawing is one
 * image with its series described in words; the panel shows the same figures in a table.
 */
export interface AreaSeries {
  name: string;
  values: number[];
  /** The highlighted series is filled; the others are dashed lines for comparison. */
  primary?: boolean;
  color: string;
}

const W = 640;
const H = 220;
const PAD = { left: 72, right: 16, top: 12, bottom: 28 };

export function AreaChart({
  labels,
  series,
  label,
  axis,
}: {
  labels: string[];
  series: AreaSeries[];
  /** The whole chart in words (role="img"). */
  label: string;
  /** An axis value in words, e.g. money. */
  axis: (value: number) => string;
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = labels.length > 1 ? innerW / (labels.length - 1) : 0;
  const x = (i: number) => PAD.left + (labels.length > 1 ? i * step : innerW / 2);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (values: number[]) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const ticks = [0, max / 2, max];
  const ordered = [...series].sort((a, b) => Number(Boolean(a.primary)) - Number(Boolean(b.primary)));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={label}
      style={{ maxHeight: H, display: 'block' }}
    >
      <title>{label}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-gray-3)" />
          <text
            x={PAD.left - 6}
            y={y(t) + 4}
            fontSize={11}
            textAnchor="end"
            fill="var(--mantine-color-gray-7)"
          >
            {axis(t)}
          </text>
        </g>
      ))}
      {ordered.map((s) =>
        s.primary ? (
          <g key={s.name}>
            <polygon
              points={`${x(0)},${y(0)} ${line(s.values)} ${x(s.values.length - 1)},${y(0)}`}
              fill={s.color}
              fillOpacity={0.25}
            />
            <polyline points={line(s.values)} fill="none" stroke={s.color} strokeWidth={2.5} />
          </g>
        ) : (
          <polyline
            key={s.name}
            points={line(s.values)}
            fill="none"
            stroke={s.color}
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
        ),
      )}
      {labels.map((l, i) => (
        <text key={l} x={x(i)} y={H - 8} fontSize={11} textAnchor="middle" fill="var(--mantine-color-gray-7)">
          {l}
        </text>
      ))}
    </svg>
  );
}
