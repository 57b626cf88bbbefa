const formatters = new Map<string, Intl.DateTimeFormat>();

function format(instant: Date, zone: string): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter.format(instant);
}

/**
 * The instant at which the wall clock in `zone` shows `local` (`YYYY-MM-DD HH:mm`), so tests can say
 * "Ana posts at 05:02 in New York" without hand-computing UTC offsets.
 */
export function wallClock(local: string, zone: string): Date {
  const [date, time] = local.split(' ');
  const naive = new Date(`${date}T${time}:00Z`).getTime();
  for (let offsetMinutes = -14 * 60; offsetMinutes <= 14 * 60; offsetMinutes += 15) {
    const candidate = new Date(naive - offsetMinutes * 60_000);
    if (format(candidate, zone) === local) return candidate;
  }
  throw new Error(`No instant shows ${local} in ${zone} (a skipped DST hour?)`);
}
