import type { BlogArticle } from './article';

// The three fixed articles of the spec (§2 Blog). Texts are ours.
// TODO(h-blog): the stats, takeaways, references and content below are placeholders to be written.
export const blogArticles: readonly BlogArticle[] = [
  {
    id: 'why-5am-health-success',
    title: 'Why 5 AM Is the Secret to Better Health and Success',
    excerpt:
      'What the research says about early rising, sleep and the quiet first hour, and how to make a 5 AM start last.',
    readTime: 6,
    date: '2026-09-08',
    modified: '2026-09-08',
    category: 'Health & Science',
    author: 'Daybreak Team',
    tags: ['early rising', 'sleep', 'health', 'productivity'],
    stats: [
      { label: 'Productivity', value: '92%', description: 'TODO' },
      { label: 'Mental health', value: '73%', description: 'TODO' },
      { label: 'Goal achievement', value: '85%', description: 'TODO' },
    ],
    keyTakeaways: ['TODO'],
    references: ['TODO'],
    content: 'TODO',
  },
  {
    id: 'fitness-tracker-complement',
    title: 'Your Fitness Tracker Counts Steps. Your Mornings Count Too.',
    excerpt:
      'Wearables measure sleep and movement; a morning habit gives those numbers a purpose. How the two work together.',
    readTime: 5,
    date: '2026-09-22',
    modified: '2026-09-22',
    category: 'Fitness',
    author: 'Daybreak Team',
    tags: ['fitness', 'wearables', 'habits', 'sleep'],
    stats: [
      { label: 'TODO', value: 'TODO', description: 'TODO' },
      { label: 'TODO', value: 'TODO', description: 'TODO' },
      { label: 'TODO', value: 'TODO', description: 'TODO' },
    ],
    keyTakeaways: ['TODO'],
    references: ['TODO'],
    content: 'TODO',
  },
  {
    id: 'social-accountability-habits',
    title: 'The Power of Social Accountability: Building Habits That Stick',
    excerpt:
      'Why a habit shared with people you follow lasts longer than one kept alone, and how streaks and a weekly leaderboard help.',
    readTime: 6,
    date: '2026-10-06',
    modified: '2026-10-06',
    category: 'Community',
    author: 'Daybreak Team',
    tags: ['accountability', 'habits', 'community', 'streaks'],
    stats: [
      { label: 'TODO', value: 'TODO', description: 'TODO' },
      { label: 'TODO', value: 'TODO', description: 'TODO' },
      { label: 'TODO', value: 'TODO', description: 'TODO' },
    ],
    keyTakeaways: ['TODO'],
    references: ['TODO'],
    content: 'TODO',
  },
];

/** The article with this id, or undefined (the page then shows 'Post not found'). */
export function findBlogArticle(id: string): BlogArticle | undefined {
  return blogArticles.find((article) => article.id === id);
}
