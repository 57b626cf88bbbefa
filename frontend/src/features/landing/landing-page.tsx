import { Link } from '@tanstack/react-router';
import { BookOpen, Flame, Share2, Users, type LucideIcon } from 'lucide-react';
import { BrandMark } from '@/components/layout/brand';
import { Button } from '@/components/ui/button';
import { trackEvent } from '@/lib/analytics';

const features: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Flame,
    title: 'Track your consistency',
    body: 'Every early morning extends your streak. Watch the days add up and earn badges as you go.',
  },
  {
    icon: Users,
    title: 'Find your tribe',
    body: 'Follow people who rise early too and see how your week compares on the leaderboard.',
  },
  {
    icon: Share2,
    title: 'Share the grind',
    body: 'Post a line and a photo of your morning. Your 5 AM wins deserve an audience that gets it.',
  },
];

const stats = [
  { value: '92%', label: 'report higher productivity' },
  { value: '73%', label: 'report better mental health' },
  { value: '85%', label: 'report better goal achievement' },
];

const quotes = [
  {
    text: 'Early to bed and early to rise, makes a man healthy, wealthy, and wise.',
    author: 'Benjamin Franklin',
  },
  {
    text: 'It is well to be up before daybreak, for such habits contribute to health, wealth, and wisdom.',
    author: 'Aristotle (attributed)',
  },
  { text: 'Morning is when I am awake and there is a dawn in me.', author: 'Henry David Thoreau, Walden' },
  { text: 'Own your morning. Elevate your life.', author: 'Robin Sharma, The 5AM Club' },
];

const science = [
  { value: 95, label: 'Quiet hours for deep work before the day starts' },
  { value: 88, label: 'Consistency when the habit has a fixed time' },
  { value: 91, label: 'Follow-through when others can see your progress' },
];

/** Spec §2: both TRY NOW buttons record a for_you feed view, then open the feed. */
function TryNowButton({ testId }: { testId: string }) {
  return (
    <Button asChild variant="primary" size="xl">
      <Link to="/" data-testid={testId} onClick={() => trackEvent('feed_viewed', { feed: 'for_you' })}>
        TRY NOW
      </Link>
    </Button>
  );
}

export function LandingPage() {
  return (
    <div className="bg-night text-on-night">
      <section className="relative overflow-hidden px-6 pt-20 pb-24 text-center">
        <div
          aria-hidden="true"
          className="absolute -bottom-64 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-gradient-to-t from-orange-600 via-amber-400 to-amber-200 opacity-60 blur-3xl"
        />
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-6">
          <BrandMark className="size-16 animate-sunrise" />
          <h1 className="text-5xl font-black tracking-tight sm:text-7xl">Daybreak</h1>
          <p className="text-xl text-on-night-soft sm:text-2xl">
            Chase your dreams before the world wakes up
          </p>
          <TryNowButton testId="landing-try-now" />
        </div>
      </section>

      <section className="bg-canvas px-6 py-20 text-ink">
        <div className="mx-auto max-w-5xl">
          <h2 className="text-center text-4xl font-black tracking-tight">Why 5AM?</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {features.map(({ icon: Icon, title, body }) => (
              <div key={title} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
                <Icon className="size-8 text-accent" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-black">{title}</h3>
                <p className="mt-2 text-sm text-muted">{body}</p>
              </div>
            ))}
          </div>
          <dl className="mt-14 grid gap-6 text-center sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt className="sr-only">{stat.label}</dt>
                <dd className="bg-gradient-to-r from-amber-500 to-orange-600 bg-clip-text text-5xl font-black text-transparent">
                  {stat.value}
                </dd>
                <dd className="mt-1 text-sm font-semibold text-muted">{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="px-6 py-20">
        <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
          {quotes.map((quote) => (
            <figure key={quote.author} className="rounded-2xl border border-night-line bg-night-raised p-6">
              <blockquote className="text-lg leading-relaxed text-on-night-soft">“{quote.text}”</blockquote>
              <figcaption className="mt-3 text-sm font-bold text-amber-400">{quote.author}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="bg-canvas px-6 py-20 text-ink">
        <div className="mx-auto max-w-3xl">
          <h2 className="text-center text-3xl font-black tracking-tight">The science of success</h2>
          <ul className="mt-10 space-y-6">
            {science.map((bar) => (
              <li key={bar.label}>
                <div className="flex justify-between text-sm font-bold">
                  <span>{bar.label}</span>
                  <span>{bar.value}%</span>
                </div>
                <div className="mt-2 h-3 overflow-hidden rounded-full bg-surface-strong" role="presentation">
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-amber-400 to-orange-500"
                    style={{ width: `${bar.value}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="px-6 py-20 text-center">
        <div className="mx-auto flex max-w-xl flex-col items-center gap-6">
          <h2 className="text-3xl font-black tracking-tight">Your best hours are waiting</h2>
          <div className="flex flex-wrap justify-center gap-3">
            <TryNowButton testId="landing-try-now-bottom" />
            <Button asChild variant="outlineOnDark" size="lg">
              <Link to="/blog">
                <BookOpen aria-hidden="true" /> READ SUCCESS STORIES
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
