import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card';

/**
 * One of /moderation's lists below the open reports (hidden content, suspended members, the audit
 * log): its title, a line saying so when it is empty, and the list.
 */
export function ModerationPanel({
  title,
  isEmpty,
  emptyText,
  testId,
  children,
}: {
  title: string;
  isEmpty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-3 p-4" data-testid={testId}>
      <CardTitle>{title}</CardTitle>
      {isEmpty && <p className="text-sm text-muted">{emptyText}</p>}
      {children}
    </Card>
  );
}
