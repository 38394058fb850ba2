/**
 * A small bar chart of one figure per day (and, optionally, the part of each bar to mark: the
 * failed generations), drawn as SVG; the numbers themselves are in its title and table.
 */
export function Bars({
  title,
  values,
  marked,
  labels,
}: {
  title: string;
  values: number[];
  marked?: number[];
  labels: string[];
}) {
  const max = Math.max(1, ...values);
  const width = 300;
  const height = 64;
  const step = width / Math.max(1, values.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="rounded-xl border border-line bg-surface p-3">
      <figcaption className="mb-2 flex items-baseline justify-between gap-2 text-xs text-fg-muted">
        <span>{title}</span>
        <span className="font-medium text-fg tabular-nums">
          {Number.isInteger(total) ? total : total.toFixed(2)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-16 w-full"
        role="img"
        aria-label={title}
      >
        {values.map((value, i) => {
          const barHeight = (value / max) * (height - 2);
          const markHeight = ((marked?.[i] ?? 0) / max) * (height - 2);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day, in order.
            <g key={i}>
              <title>{`${labels[i] ?? ''}: ${value}`}</title>
              <rect
                x={i * step + 1}
                y={height - barHeight}
                width={Math.max(1, step - 2)}
                height={barHeight}
                className="fill-accent-soft/70"
              />
              {markHeight > 0 ? (
                <rect
                  x={i * step + 1}
                  y={height - markHeight}
                  width={Math.max(1, step - 2)}
                  height={markHeight}
                  className="fill-red-500"
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-[10px] text-fg-muted">
        <span>{labels[0]}</span>
        <span>{labels[labels.length - 1]}</span>
      </div>
    </figure>
  );
}
