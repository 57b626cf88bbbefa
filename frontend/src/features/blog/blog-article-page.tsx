import { findBlogArticle, type BlogArticle } from '@daybreak/content';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Calendar, CheckCircle2, FileQuestion, Share2, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { ArticleBody } from './article-body-view';
import { ArticleStats, CategoryBadge, ReadTime } from './article-meta';
import { formatArticleDate } from './format';
import { JoinCallToAction } from './join-call-to-action';
import { shareArticle } from './share-article';

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link
      to="/blog"
      className={cn('inline-flex items-center gap-1.5 text-sm font-bold hover:underline', className)}
      data-testid="blog-back-link"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Blog
    </Link>
  );
}

function ArticleHeader({ article }: { article: BlogArticle }) {
  return (
    <header className="relative overflow-hidden bg-night px-4 pt-8 pb-12 text-on-night sm:px-6">
      <div
        aria-hidden="true"
        className="absolute -right-32 -bottom-48 size-[26rem] rounded-full bg-gradient-to-t from-orange-600 via-amber-400 to-amber-200 opacity-40 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl">
        <BackToBlog className="text-amber-300" />
        <div className="mt-8">
          <CategoryBadge category={article.category} />
        </div>
        <h1
          className="mt-4 text-3xl leading-tight font-black tracking-tight sm:text-5xl"
          data-testid="article-title"
        >
          {article.title}
        </h1>
        <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3 text-sm text-on-night-muted">
          <span className="inline-flex items-center gap-1.5">
            <Calendar className="size-3.5" aria-hidden="true" />
            <time dateTime={article.date} data-testid="article-date">
              {formatArticleDate(article.date)}
            </time>
          </span>
          <ReadTime minutes={article.readTime} />
          <span className="inline-flex items-center gap-1.5" data-testid="article-author">
            <UserRound className="size-3.5" aria-hidden="true" /> {article.author}
          </span>
          <Button
            variant="outlineOnDark"
            size="sm"
            className="sm:ml-auto"
            onClick={() => void shareArticle(article)}
            data-testid="share-button"
          >
            <Share2 aria-hidden="true" /> Share
          </Button>
        </div>
      </div>
    </header>
  );
}

export function BlogArticlePage({ articleId }: { articleId: string }) {
  const article = findBlogArticle(articleId);
  if (!article) return <ArticleNotFound />;

  return (
    <article className="bg-canvas">
      <ArticleHeader article={article} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:px-6">
        <section aria-label="Key figures">
          <ArticleStats stats={article.stats} detailed />
        </section>

        <ArticleBody content={article.content} />

        <Card className="p-6" data-testid="key-takeaways">
          <h2 className="text-xl font-black tracking-tight">Key Takeaways</h2>
          <ul className="mt-4 space-y-3">
            {article.keyTakeaways.map((takeaway) => (
              <li key={takeaway} className="flex gap-3 text-ink-soft">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
                <span>{takeaway}</span>
              </li>
            ))}
          </ul>
        </Card>

        <section data-testid="research-references">
          <h2 className="text-xl font-black tracking-tight">Research References</h2>
          <ol className="mt-4 list-decimal space-y-2 pl-6 text-sm leading-relaxed text-muted marker:font-bold marker:text-faint">
            {article.references.map((reference) => (
              <li key={reference} data-testid="reference">
                {reference}
              </li>
            ))}
          </ol>
        </section>

        <JoinCallToAction />
      </div>
    </article>
  );
}

function ArticleNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="post-not-found">
        <FileQuestion className="size-10 text-faint" aria-hidden="true" />
        <h1 className="text-xl font-black tracking-tight">Post not found</h1>
        <p className="max-w-sm text-sm text-muted">This article doesn't exist or has moved.</p>
        <BackToBlog className="text-accent-ink" />
      </Card>
    </div>
  );
}
