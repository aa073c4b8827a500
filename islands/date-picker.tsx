/**
 * A small calendar beside a dd/mm/aaaa field. The field stays a plain text input (the server checks it
 * strictly); the calendar only types into it, and hides 100 ms after a day is clicked (SPEC §9).
 * With the keyboard: it opens on the chosen day (else today, else the 1st), the arrows move by day and
 * week across months, Tab leaves the days in one stop, Escape closes it back on its button.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { mount } from './lib/mount.ts';

type Props = { inputId: string; label: string };

const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
const two = (n: number) => String(n).padStart(2, '0');

function readInput(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const date = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  return date.getDate() === Number(m[1]) ? date : null;
}

/** The day a key moves the keyboard's day to, or null for a key that does not move it. */
function dayAfterKey(key: string, day: Date, shift = false): Date | null {
  const [y, m, d] = [day.getFullYear(), day.getMonth(), day.getDate()];
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  const step = steps[key];
  if (step !== undefined) return new Date(y, m, d + step);
  if (key === 'Home') return new Date(y, m, d - day.getDay());
  if (key === 'End') return new Date(y, m, d + 6 - day.getDay());
  if (key === 'PageUp' || key === 'PageDown') {
    const to = m + (key === 'PageUp' ? -1 : 1) * (shift ? 12 : 1);
    const last = new Date(y, to + 1, 0).getDate();
    return new Date(y, to, Math.min(d, last));
  }
  return null;
}

/**
 * A date typed as eight digits (05112026) or with a one-digit day or month (5/11/2026) put in the
 * shape the server reads, dd/mm/aaaa, as the field is left or its form sent. Anything else is left
 * as typed, for the server to refuse with its message.
 */
function tidyDate(text: string): string {
  const typed = text.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  const short = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed);
  if (short) return `${two(Number(short[1]))}/${two(Number(short[2]))}/${short[3]}`;
  return text;
}

function DatePicker({ inputId, label }: Props) {
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => new Date());
  /** Where the calendar opens, so all of it is on screen: below the button unless only above fits. */
  const [place, setPlace] = useState('');
  /** The day the keyboard is on (the one day button in the Tab order). */
  const [focusDay, setFocusDay] = useState(1);
  /** Set when the keyboard's day should take the focus at the next render (opening, an arrow). */
  const moveFocus = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const calendar = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const input = () => document.getElementById(inputId) as HTMLInputElement | null;

  useLayoutEffect(() => {
    const field = document.getElementById(inputId) as HTMLInputElement | null;
    if (!field) return;
    const tidy = () => {
      const shaped = tidyDate(field.value);
      if (shaped !== field.value) field.value = shaped;
    };
    // Left (change) or sent with Enter (no change event then): tidied before the server reads it.
    field.addEventListener('change', tidy);
    field.form?.addEventListener('submit', tidy);
    return () => {
      field.removeEventListener('change', tidy);
      field.form?.removeEventListener('submit', tidy);
    };
  }, [inputId]);

  // A layout effect, in place as the calendar is put in: a plain effect waits for the next frame, and an
  // Escape pressed right as it opened (a quick hand, a busy machine) was lost, the calendar left over
  // the field below it.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // The calendar's Escape, not the dialog's around it.
      e.preventDefault();
      const inside = root.current?.contains(document.activeElement);
      setOpen(false);
      if (inside) toggleButton.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  // Once open, measured against the viewport: a field near the bottom of the screen opens it upwards,
  // one near the left edge anchors it to the left; what still does not fit is scrolled into view.
  // Before the browser paints (a layout effect), so the calendar is never seen off screen first.
  useLayoutEffect(() => {
    const box = calendar.current?.getBoundingClientRect();
    const button = root.current?.getBoundingClientRect();
    if (!open || !box || !button || place) return;
    const below = window.innerHeight - button.bottom;
    const up = box.bottom > window.innerHeight && button.top > below && button.top >= box.height + 8;
    const left = box.left < 0;
    if (up || left) setPlace(`${up ? 'above' : ''} ${left ? 'from-left' : ''}`.trim());
    else if (box.bottom > window.innerHeight || box.top < 0)
      calendar.current?.scrollIntoView({ block: 'nearest' });
  }, [open, place]);

  // A layout effect, run as the new month is put in: an arrow into a shorter month removes the focused
  // day's button, and waiting for the next frame (a plain effect) left the focus on the page meanwhile.
  useLayoutEffect(() => {
    if (!open || !moveFocus.current) return;
    moveFocus.current = false;
    // Without scrolling: where the calendar opens is worked out above, and a scroll now would undo it.
    calendar.current
      ?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)
      ?.focus({ preventScroll: true });
  });

  function toggle() {
    const current = readInput(input()?.value ?? '');
    const shown = current ?? new Date();
    setMonth(shown);
    setFocusDay(shown.getDate());
    moveFocus.current = !open;
    setPlace('');
    setOpen(!open);
  }

  /**
   * Arrows move the keyboard's day by a day or a week, into the next or previous month if need be;
   * Home and End go to the week's first and last day, Page Up and Page Down a month (with Shift, a
   * year; the same day, or the month's last when it is shorter), as WAI-ARIA's date picker dialog does.
   */
  function onDayKey(e: KeyboardEvent) {
    const next = dayAfterKey(e.key, new Date(month.getFullYear(), month.getMonth(), focusDay), e.shiftKey);
    if (!next) return;
    e.preventDefault();
    setMonth(new Date(next.getFullYear(), next.getMonth(), 1));
    setFocusDay(next.getDate());
    moveFocus.current = true;
  }

  function pick(day: number) {
    const field = input();
    if (field) {
      field.value = `${two(day)}/${two(month.getMonth() + 1)}/${month.getFullYear()}`;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    setTimeout(() => {
      setOpen(false);
      field?.focus();
    }, 100);
  }

  const year = month.getFullYear();
  const m = month.getMonth();
  const first = new Date(year, m, 1).getDay();
  const days = new Date(year, m + 1, 0).getDate();
  const selected = readInput(input()?.value ?? '');
  const cells = Array.from({ length: days }, (_, i) => i + 1);
  const isSelected = (d: number) =>
    selected?.getFullYear() === year && selected.getMonth() === m && selected.getDate() === d;

  return (
    <div class="date-picker" ref={root}>
      <button
        type="button"
        class="icon"
        ref={toggleButton}
        aria-label={`Escolher data: ${label}`}
        aria-expanded={open}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zm-2 8h14v10H5z"
          />
        </svg>
      </button>
      {open ? (
        <div
          class={place ? `calendar ${place}` : 'calendar'}
          ref={calendar}
          role="dialog"
          aria-label={`Calendário: ${label}`}
        >
          <div class="calendar-head">
            <button
              type="button"
              aria-label="Mês anterior"
              onClick={() => setMonth(new Date(year, m - 1, 1))}
            >
              ‹
            </button>
            {/* Said as it changes (the buttons, Page Up/Down, an arrow into another month). */}
            <span aria-live="polite">
              {MONTHS[m]} {year}
            </span>
            <button type="button" aria-label="Próximo mês" onClick={() => setMonth(new Date(year, m + 1, 1))}>
              ›
            </button>
          </div>
          <div class="calendar-grid">
            {WEEKDAYS.map((w) => (
              <abbr key={w} title={w} class="weekday">
                {w[0]?.toUpperCase()}
              </abbr>
            ))}
            {cells.map((d) => (
              <button
                type="button"
                key={d}
                data-day={d}
                tabIndex={d === Math.min(focusDay, days) ? 0 : -1}
                aria-label={`${d} de ${MONTHS[m]?.toLowerCase()} de ${year}`}
                aria-pressed={isSelected(d)}
                onKeyDown={onDayKey}
                // The first day starts under its weekday (a class, since the CSP allows no inline style).
                class={`${d === 1 ? `start-${first}` : ''} ${isSelected(d) ? 'selected' : ''}`}
                onClick={() => pick(d)}
              >
                {d}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

mount('date-picker', DatePicker);
