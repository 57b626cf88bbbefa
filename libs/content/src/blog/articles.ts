import type { BlogArticle } from './article';
import { fitnessTrackerComplement } from './articles/fitness-tracker-complement';
import { socialAccountabilityHabits } from './articles/social-accountability-habits';
import { why5amHealthSuccess } from './articles/why-5am-health-success';

// The three fixed articles of the spec (§2 Blog), newest last. Texts are ours; every figure in them comes
// from a work in the article's references.
export const blogArticles: readonly BlogArticle[] = [
  why5amHealthSuccess,
  fitnessTrackerComplement,
  socialAccountabilityHabits,
];

/** The article with this id, or undefined (the page then shows 'Post not found'). */
export function findBlogArticle(id: string): BlogArticle | undefined {
  return blogArticles.find((article) => article.id === id);
}
