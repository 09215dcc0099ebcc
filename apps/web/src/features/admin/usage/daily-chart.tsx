import type { AdminUsageDay } from '@confab/shared';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dayAt, labelledDays, niceTicks, scaleLinear } from './chart-scale';
import { formatCompact, formatCount, formatDay } from './format';
import { useElementWidth } from './use-element-width';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 36 };

/**
 * Messages users sent per day (bars) and active users (the line), on one axis: an active user
 * sent at least one message, so the line never rises above its bar. Hover, or focus the chart and
 * use the arrow keys, to read one day; the figures are announced as they change.
 */
export function DailyChart({ days }: { days: AdminUsageDay[] }) {
  const { t, i18n } = useTranslation('admin-usage');
  const locale = i18n.language;
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const [active, setActive] = useState<number | null>(null);

  const plotWidth = Math.max(40, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(0, ...days.map((d) => d.messages));
  const ticks = niceTicks(max, 4);
  const top = ticks.at(-1) ?? 1;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1.5, Math.min(28, slot * 0.62));
  const x = (i: number) => MARGIN.left + slot * i + slot / 2;
  const y = (value: number) => MARGIN.top + plotHeight - scaleLinear(value, top, plotHeight);
  const labels = labelledDays(days.length, Math.max(2, Math.floor(plotWidth / 64)));

  const busiest = days.reduce<AdminUsageDay | undefined>((best, d) => (!best || d.messages > best.messages ? d : best), undefined);
  const summary = t('daily_summary', {
    from: formatDay(days[0]?.date ?? '', locale),
    to: formatDay(days.at(-1)?.date ?? '', locale),
    messages: formatCount(days.reduce((sum, d) => sum + d.messages, 0), locale),
    busiest: busiest ? formatDay(busiest.date, locale) : '',
    busiestMessages: formatCount(busiest?.messages ?? 0, locale),
    peakUsers: formatCount(Math.max(0, ...days.map((d) => d.activeUsers)), locale),
  });

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(dayAt(event.clientX - box.left - MARGIN.left, plotWidth, days.length));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const last = days.length - 1;
    const current = active ?? last;
    const next =
      event.key === 'ArrowLeft' ? current - 1 : event.key === 'ArrowRight' ? current + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    setActive(Math.max(0, Math.min(last, next)));
  };

  const shown = active === null ? undefined : days[active];
  const linePoints = days.map((d, i) => `${x(i)},${y(d.activeUsers)}`).join(' ');

  return (
    <div ref={ref} className="relative w-full" data-testid="usage-daily-chart">
      <svg
        role="img"
        aria-label={summary}
        tabIndex={0}
        width={width}
        height={HEIGHT}
        className="focus-ring block touch-pan-y rounded-lg select-none"
        onPointerMove={onPointerMove}
        onPointerDown={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onFocus={() => setActive((a) => a ?? days.length - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y(tick)} y2={y(tick)} className="stroke-line" strokeDasharray={tick === 0 ? undefined : '2 4'} />
            <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-fg-tertiary text-[11px] tabular-nums">
              {formatCompact(tick, locale)}
            </text>
          </g>
        ))}
        {shown && active !== null ? (
          <rect x={MARGIN.left + slot * active} y={MARGIN.top} width={slot} height={plotHeight} className="fill-surface-hover" />
        ) : null}
        {days.map((d, i) =>
          d.messages > 0 ? (
            <rect
              key={d.date}
              x={x(i) - barWidth / 2}
              y={y(d.messages)}
              width={barWidth}
              height={Math.max(1, y(0) - y(d.messages))}
              rx={Math.min(3, barWidth / 3)}
              className={active === null || active === i ? 'fill-accent' : 'fill-accent/45'}
            />
          ) : null,
        )}
        <polyline points={linePoints} fill="none" className="stroke-sky-500 dark:stroke-sky-400" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
        {days.length <= 31
          ? days.map((d, i) => (
              <circle key={d.date} cx={x(i)} cy={y(d.activeUsers)} r={active === i ? 4.5 : 2.5} className="fill-surface stroke-sky-500 dark:stroke-sky-400" strokeWidth={2} />
            ))
          : shown && active !== null ? (
              <circle cx={x(active)} cy={y(shown.activeUsers)} r={4.5} className="fill-surface stroke-sky-500 dark:stroke-sky-400" strokeWidth={2} />
            ) : null}
        {labels.map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - 6} textAnchor={i === 0 && labels.length > 1 ? 'start' : i === days.length - 1 && labels.length > 1 ? 'end' : 'middle'} className="fill-fg-tertiary text-[11px]">
            {days[i] ? formatDay(days[i].date, locale) : ''}
          </text>
        ))}
      </svg>
      <div aria-live="polite" className="sr-only">
        {shown ? t('daily_tooltip_sr', { day: formatDay(shown.date, locale, true), messages: shown.messages, users: shown.activeUsers }) : ''}
      </div>
      {shown && active !== null ? (
        <div
          aria-hidden
          data-testid="usage-daily-tooltip"
          className="pointer-events-none absolute top-0 z-10 min-w-40 rounded-lg border border-line bg-surface-elevated px-3 py-2 text-xs shadow-lg"
          // Beside the day, on the side with room, so it never hides the bar it describes.
          style={
            x(active) < width / 2
              ? { left: Math.min(x(active) + slot / 2 + 8, Math.max(0, width - 168)) }
              : { right: Math.min(width - x(active) + slot / 2 + 8, Math.max(0, width - 168)) }
          }
        >
          <p className="font-semibold text-fg">{formatDay(shown.date, locale, true)}</p>
          <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-fg-secondary">
            <dt className="flex items-center gap-1.5">
              <span className="size-2 rounded-sm bg-accent" />
              {t('legend_messages')}
            </dt>
            <dd className="text-end font-medium text-fg tabular-nums">{formatCount(shown.messages, locale)}</dd>
            <dt className="flex items-center gap-1.5">
              <span className="size-2 rounded-full bg-sky-500 dark:bg-sky-400" />
              {t('legend_active_users')}
            </dt>
            <dd className="text-end font-medium text-fg tabular-nums">{formatCount(shown.activeUsers, locale)}</dd>
            <dt className="ps-3.5">{t('tooltip_replies')}</dt>
            <dd className="text-end tabular-nums">{formatCount(shown.replies, locale)}</dd>
            <dt className="ps-3.5">{t('tooltip_tokens')}</dt>
            <dd className="text-end tabular-nums">{formatCount(shown.promptTokens + shown.completionTokens, locale)}</dd>
          </dl>
        </div>
      ) : null}
    </div>
  );
}
