import type { ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { loginUrl } from '@/lib/navigation';

/** What guests see on a members-only screen. */
export function SignInPrompt({
  title,
  description,
  returnTo,
  icon,
}: {
  title: string;
  description: string;
  returnTo: string;
  icon?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="sign-in-prompt">
        {icon}
        <h1 className="text-xl font-black tracking-tight">{title}</h1>
        <p className="max-w-sm text-sm text-muted">{description}</p>
        {/* A link: it signs in whether or not the page's scripts have run. */}
        <Button asChild variant="primary" size="lg">
          <a href={loginUrl(returnTo)} data-testid="login-button">
            <LogIn aria-hidden="true" /> SIGN IN
          </a>
        </Button>
      </Card>
    </div>
  );
}
