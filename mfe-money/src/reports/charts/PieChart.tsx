/**
 * A pie in SVG (payment timeliness), one image described in words; the panel's legend gives
 * each slice's share as text.
 */
export interface Slice {
  label: string;
  /** Share in percent; slices are drawn in proportion to their sum. */
  value: number;
  color: string;
}

const R = 80;
const C = 90;

function point(fraction: number): [number, number] {
  const angle = fraction * 2 * Math.PI - Math.PI / 2;
  return [C + R * Math.cos(angle), C + R * Math.sin(angle)];
}

export function PieChart({ slices, label }: { slices: Slice[]; label: string }) {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  let start = 0;
  return (
    <svg viewBox={`0 0 ${C * 2} ${C * 2}`} width={C * 2} height={C * 2} role="img" aria-label={label}>
      <title>{label}</title>
      {total === 0 ? (
        <circle cx={C} cy={C} r={R} fill="var(--mantine-color-gray-2)" />
      ) : (
        slices.map((s) => {
          const share = Math.max(0, s.value) / total;
          if (share === 0) return null;
          if (share >= 0.9999) return <circle key={s.label} cx={C} cy={C} r={R} fill={s.color} />;
          const [x1, y1] = point(start);
          start += share;
          const [x2, y2] = point(start);
          const large = share > 0.5 ? 1 : 0;
          return (
            <path
              key={s.label}
              d={`M ${C} ${C} L ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)} Z`}
              fill={s.color}
            />
          );
        })
      )}
    </svg>
  );
}
