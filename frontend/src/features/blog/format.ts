/** Article dates are calendar dates (YYYY-MM-DD): read and shown in UTC so no zone moves them a day. */
export function formatArticleDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}
