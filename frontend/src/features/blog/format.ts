import { dateFormat } from '@/lib/time';

/** Article dates are calendar dates (YYYY-MM-DD): read and shown in UTC so no zone moves them a day. */
export function formatArticleDate(isoDate: string): string {
  return dateFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}
