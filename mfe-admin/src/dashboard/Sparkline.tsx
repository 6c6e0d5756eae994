/**
 * A tiny inline SVG sparkline (no chart library on the landing page). The series is described
 * in words for screen readers; the line is decoration for everyone else.
 */
export function Sparkline({
  values,
  labels,
  describe,
  color = 'var(--mantine-color-blue-6)',
  width = 120,
  height = 32,
}: {
  values: number[];
  labels: string[];
  /** One point in words, e.g. `Mon 16 Nov: 27.8%`. */
  describe: (value: number) => string;
  color?: string;
  width?: number;
  height?: number;
}) {
  const label = values.map((v, i) => `${labels[i] ?? ''}: ${describe(v)}`).join('; ');
  if (values.length === 0) return null;
  const max = Math.max(...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0;
  const points = values.map((v, i) => {
    const x = 2 + i * step;
    const y = height - 2 - ((v - min) / span) * (height - 4);
    return [x, y] as const;
  });
  const last = points[points.length - 1]!;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <title>{label}</title>
      <polyline
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
      />
      <circle cx={last[0]} cy={last[1]} r={2.5} fill={color} />
    </svg>
  );
}
