import { blogArticleSummaries, type BlogArticleSummary } from '@daybreak/content';
import { Link } from '@tanstack/react-router';
import { ArrowRight, BookOpen } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ArticleStats, CategoryBadge, ReadTime } from './article-meta';
import { formatArticleDate } from './format';
import { JoinCallToAction } from './join-call-to-action';

/** Spec §2: the community figures the landing page also shows. */
const communityStats = [
  { value: '92%', label: 'Higher productivity' },
  { value: '73%', label: 'Better mental health' },
  { value: '10K+', label: 'Active early risers' },
];

function ArticleCard({ article }: { article: BlogArticleSummary }) {
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="blog-article-card" data-article-id={article.id}>
      <div className="flex items-center justify-between gap-2 text-xs font-semibold text-subtle">
        <CategoryBadge category={article.category} />
        <ReadTime minutes={article.readTime} />
      </div>
      <h2 className="text-xl leading-tight font-black tracking-tight text-ink" data-testid="article-title">
        <Link to="/blog/$postId" params={{ postId: article.id }} className="hover:text-accent-ink">
          {article.title}
        </Link>
      </h2>
      <p className="text-sm leading-relaxed text-muted" data-testid="article-excerpt">
        {article.excerpt}
      </p>
      <ArticleStats stats={article.stats} />
      <div className="mt-auto flex items-center justify-between border-t border-line-soft pt-4 text-sm">
        <time dateTime={article.date} className="text-subtle" data-testid="article-date">
          {formatArticleDate(article.date)}
        </time>
        <Link
          to="/blog/$postId"
          params={{ postId: article.id }}
          className="inline-flex items-center gap-1 font-bold text-accent-ink hover:text-accent-ink-hover"
          data-testid="read-more"
        >
          Read More <ArrowRight className="size-4" aria-hidden="true" />
          <span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </Card>
  );
}

export function BlogListPage() {
  return (
    <div className="bg-canvas">
      <section className="relative overflow-hidden bg-night px-6 pt-14 pb-16 text-center text-on-night">
        <div
          aria-hidden="true"
          className="absolute -bottom-56 left-1/2 size-[30rem] -translate-x-1/2 rounded-full bg-gradient-to-t from-orange-600 via-amber-400 to-amber-200 opacity-50 blur-3xl"
        />
        <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-4">
          <p className="flex items-center gap-2 text-xs font-black tracking-widest text-amber-300 uppercase">
            <BookOpen className="size-4" aria-hidden="true" /> The Daybreak blog
          </p>
          <h1 className="text-4xl font-black tracking-tight sm:text-6xl" data-testid="blog-heading">
            RISE &amp; LEARN
          </h1>
          <p className="max-w-xl text-lg text-on-night-soft">
            Research, habits and stories for people who start their day before the world wakes up.
          </p>
          <dl className="mt-6 grid w-full grid-cols-3 gap-3 sm:gap-4">
            {communityStats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col rounded-2xl border border-night-line bg-night-raised/80 px-2 py-4 sm:px-4"
                data-testid="blog-stat"
              >
                <dt className="order-2 mt-1 text-xs font-semibold text-on-night-muted sm:text-sm">
                  {stat.label}
                </dt>
                <dd className="order-1 bg-gradient-to-r from-amber-300 to-orange-500 bg-clip-text text-3xl font-black text-transparent sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
        <section aria-label="Articles" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {blogArticleSummaries.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </section>
        <JoinCallToAction showExplore />
      </div>
    </div>
  );
}
