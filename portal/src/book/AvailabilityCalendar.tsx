/**
 * A resource's availability, a week or a month at a time, in the venue's time zone: free or
 * busy and nothing else (whose booking, a hold, a block-out or a buffer all read "Busy").
 * A free stretch is a button that starts a request for it.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { publicApi, venuePath } from '../api/client.ts';
import type { AvailabilityAnswer, OnlineSettings, PublicResource, Slot } from '../api/types.ts';
import {
  addDays,
  addMonths,
  firstOfMonth,
  fromMinutes,
  monthGrid,
  startOfWeek,
  toMinutes,
  venueToday,
  venueWallClock,
} from '../lib/dates.ts';
import { viewsFor, type AvailabilityInput, type DayView } from '../lib/slots.ts';
import { dayLabel, longDayLabel, monthLabel, timeRange, weekdayShort } from '../ui/labels.ts';
import { ErrorMessage, Loading } from '../ui/states.tsx';
import { useVenueFormat, type VenueFormat } from '../ui/venue-format.ts';

type View = 'week' | 'month';

/** A picked free stretch starts a request of at most this long; the form changes it. */
const DEFAULT_LENGTH_MINUTES = 4 * 60;

export function availabilityQuery(slug: string, resourceId: string, from: string, to: string) {
  return {
    queryKey: ['availability', slug, resourceId, from, to],
    queryFn: () =>
      publicApi.api<AvailabilityAnswer>(
        venuePath(slug, `/availability?${new URLSearchParams({ resourceId, from, to })}`),
      ),
  };
}

export function toInput(
  answer: AvailabilityAnswer,
  resource: PublicResource,
  today: string,
): AvailabilityInput {
  return {
    today,
    timezone: answer.timezone,
    days: answer.days.map((d) => ({
      date: d.date,
      open: d.open === null ? null : toMinutes(d.open),
      close: d.close === null ? null : toMinutes(d.close),
    })),
    busy: answer.busy,
    earliestStart: answer.earliestStart,
    lastDate: answer.lastDate,
    setupMinutes: resource.setupMinutes,
    packdownMinutes: resource.packdownMinutes,
  };
}

/**
 * The week or month shown and the day chosen in the month; a change of view or a step forgets
 * the chosen day.
 */
function useCalendarRange(minNoticeHours: number, timezone: string) {
  const [view, setView] = useState<View>('week');
  // The first week or month shown is the one with the first day a request may fall on.
  const [anchor, setAnchor] = useState(
    () => venueWallClock(Date.now() + minNoticeHours * 3_600_000, timezone).date,
  );
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const dates = view === 'week' ? weekDates(anchor) : monthGrid(anchor);
  const step = (n: number) => {
    setSelectedDay(null);
    setAnchor(view === 'week' ? addDays(startOfWeek(anchor), 7 * n) : addMonths(anchor, n));
  };
  const changeView = (v: View) => {
    setView(v);
    setSelectedDay(null);
  };
  return {
    view,
    changeView,
    anchor,
    step,
    selectedDay,
    setSelectedDay,
    dates,
    from: dates[0]!,
    to: dates.at(-1)!,
  };
}

export function AvailabilityCalendar({
  slug,
  resource,
  online,
  onPick,
}: {
  slug: string;
  resource: PublicResource;
  online: OnlineSettings;
  onPick: (slot: Slot) => void;
}) {
  const fmt = useVenueFormat();
  const today = venueToday(fmt.timezone);
  const { view, changeView, anchor, step, selectedDay, setSelectedDay, dates, from, to } = useCalendarRange(
    online.minNoticeHours,
    fmt.timezone,
  );
  const lastDate = addDays(today, online.windowDays);
  const answer = useQuery({
    ...availabilityQuery(slug, resource.id, from, to),
    placeholderData: keepPreviousData,
  });

  const canGoBack = from > today;
  const canGoOn = to < lastDate;
  const title =
    view === 'week' ? `${dayLabel(from, fmt)} – ${dayLabel(to, fmt)}` : monthLabel(firstOfMonth(anchor));
  const pick = (date: string, start: number, end: number) =>
    onPick({
      date,
      startTime: fromMinutes(start),
      endTime: fromMinutes(Math.min(end, start + DEFAULT_LENGTH_MINUTES)),
    });

  return (
    <div className="calendar">
      <p className="calendar-note">
        Times are {fmt.timezone.replace(/_/g, ' ')} time. Requests need {noticeWords(online.minNoticeHours)}{' '}
        notice and can be made up to {online.windowDays} days ahead.
      </p>
      <CalendarToolbar
        view={view}
        onView={changeView}
        title={title}
        canGoBack={canGoBack}
        canGoOn={canGoOn}
        onStep={step}
      />
      {answer.isPending ? (
        <Loading label="Loading availability…" />
      ) : answer.isError ? (
        <ErrorMessage
          title="Availability could not be loaded"
          error={answer.error}
          onRetry={() => void answer.refetch()}
        />
      ) : view === 'week' ? (
        <ol className="week" aria-busy={answer.isFetching && answer.isPlaceholderData}>
          {viewsFor(toInput(answer.data, resource, today), dates).map((day) => (
            <li key={day.date}>
              <DayRow day={day} fmt={fmt} onPick={pick} />
            </li>
          ))}
        </ol>
      ) : (
        <MonthGrid
          views={viewsFor(toInput(answer.data, resource, today), dates)}
          month={firstOfMonth(anchor)}
          selected={selectedDay}
          onSelect={setSelectedDay}
          fmt={fmt}
          onPick={pick}
        />
      )}
    </div>
  );
}

/** Week or Month, and Previous / Next with the range shown between them (announced as it changes). */
function CalendarToolbar({
  view,
  onView,
  title,
  canGoBack,
  canGoOn,
  onStep,
}: {
  view: View;
  onView: (view: View) => void;
  title: string;
  canGoBack: boolean;
  canGoOn: boolean;
  onStep: (n: number) => void;
}) {
  return (
    <div className="calendar-toolbar">
      <div className="segmented" role="group" aria-label="Calendar view">
        {(['week', 'month'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => onView(v)}>
            {v === 'week' ? 'Week' : 'Month'}
          </button>
        ))}
      </div>
      <div className="calendar-nav">
        <button type="button" className="button secondary" disabled={!canGoBack} onClick={() => onStep(-1)}>
          <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> {view}</span>
        </button>
        <p className="calendar-title" aria-live="polite">
          {title}
        </p>
        <button type="button" className="button secondary" disabled={!canGoOn} onClick={() => onStep(1)}>
          Next<span className="visually-hidden"> {view}</span> <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}

function weekDates(anchor: string): string[] {
  const monday = startOfWeek(anchor);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

function noticeWords(hours: number): string {
  if (hours <= 0) return 'no';
  if (hours % 24 === 0) return hours === 24 ? '1 day’s' : `${hours / 24} days’`;
  return hours === 1 ? '1 hour’s' : `${hours} hours’`;
}

const STATE_WORDS: Record<DayView['state'], string> = {
  open: 'Free',
  full: 'Fully booked',
  closed: 'Closed',
  past: 'Past',
  'too-soon': 'Too soon to book',
  'beyond-window': 'Not open for requests yet',
};

/** One day: free stretches as buttons, busy stretches said as "Busy", or why nothing is offered. */
function DayRow({
  day,
  fmt,
  onPick,
}: {
  day: DayView;
  fmt: VenueFormat;
  onPick: (date: string, start: number, end: number) => void;
}) {
  return (
    <div className={`day day-${day.state}`}>
      <h3 className="day-heading">{dayLabel(day.date, fmt)}</h3>
      {(day.state === 'open' || day.state === 'full') && <DayBar day={day} />}
      {day.state === 'open' ? (
        <ul className="slots">
          {day.free.map((w) => (
            <li key={w.start}>
              <button
                type="button"
                className="slot"
                aria-label={`Request ${longDayLabel(day.date, fmt)}, free ${timeRange(w.start, w.end, fmt)}`}
                onClick={() => onPick(day.date, w.start, w.end)}
              >
                <span className="slot-state">Free</span> {timeRange(w.start, w.end, fmt)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="day-state">{STATE_WORDS[day.state]}</p>
      )}
      {day.busy.length > 0 && (
        <p className="busy-list">
          {day.busy.map((b) => (
            <span key={b.start}>Busy {timeRange(b.start, b.end, fmt)}</span>
          ))}
        </p>
      )}
    </div>
  );
}

/** The opening hours as a bar with the busy stretches shaded (the words beside it say the same). */
function DayBar({ day }: { day: DayView }) {
  const open = day.open!;
  const span = day.close! - open;
  return (
    <div className="day-bar" aria-hidden="true">
      {day.busy.map((b) => (
        <span
          key={b.start}
          className="day-bar-busy"
          style={{
            left: `${((b.start - open) / span) * 100}%`,
            width: `${((b.end - b.start) / span) * 100}%`,
          }}
        />
      ))}
    </div>
  );
}

const SHORT_STATE: Record<DayView['state'], string> = {
  open: 'Free',
  full: 'Full',
  closed: 'Closed',
  past: '–',
  'too-soon': '–',
  'beyond-window': '–',
};

function MonthGrid({
  views,
  month,
  selected,
  onSelect,
  fmt,
  onPick,
}: {
  views: DayView[];
  month: string;
  selected: string | null;
  onSelect: (date: string) => void;
  fmt: VenueFormat;
  onPick: (date: string, start: number, end: number) => void;
}) {
  const weeks: DayView[][] = [];
  for (let i = 0; i < views.length; i += 7) weeks.push(views.slice(i, i + 7));
  const chosen = views.find((v) => v.date === selected);
  return (
    <>
      <table className="month">
        <caption className="visually-hidden">{monthLabel(month)}: choose a day to see its free times</caption>
        <thead>
          <tr>
            {weeks[0]!.map((d) => (
              <th key={d.date} scope="col">
                {weekdayShort(d.date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((d) => (
                <td
                  key={d.date}
                  className={d.date.slice(0, 7) === month.slice(0, 7) ? undefined : 'other-month'}
                >
                  <button
                    type="button"
                    className={`month-day day-${d.state}`}
                    aria-pressed={selected === d.date}
                    aria-label={`${longDayLabel(d.date, fmt)}: ${STATE_WORDS[d.state]}`}
                    onClick={() => onSelect(d.date)}
                  >
                    <span className="month-day-number">{Number(d.date.slice(8))}</span>
                    <span className="month-day-state">{SHORT_STATE[d.state]}</span>
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {chosen && (
        <div className="month-detail">
          <DayRow day={chosen} fmt={fmt} onPick={onPick} />
        </div>
      )}
    </>
  );
}
