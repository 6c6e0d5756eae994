/**
 * Horizontal bars in SVG (the funnel), one image described in words; the panel lists the same
 * counts in a table beside it.
 */
export interface Bar {
  label: string;
  value: number;
}

const ROW = 30;
const LABEL_W = 150;
const W = 520;

export function BarChart({ bars, label, color }: { bars: Bar[]; label: string; color: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const H = bars.length * ROW + 8;
  const room = W - LABEL_W - 56;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={label}
      style={{ display: 'block', maxHeight: H }}
    >
      <title>{label}</title>
      {bars.map((b, i) => {
        const top = 4 + i * ROW;
        const width = Math.max(b.value > 0 ? 2 : 0, (b.value / max) * room);
        return (
          <g key={b.label}>
            <text
              x={LABEL_W - 8}
              y={top + 18}
              fontSize={12}
              textAnchor="end"
              fill="var(--mantine-color-gray-8)"
            >
              {b.label}
            </text>
            <rect x={LABEL_W} y={top + 4} width={width} height={ROW - 10} rx={3} fill={color} />
            <text x={LABEL_W + width + 6} y={top + 18} fontSize={12} fill="var(--mantine-color-gray-8)">
              {b.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
