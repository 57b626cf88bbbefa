import type { BlogArticleSummary } from './article';

// Each article's metadata, apart from its body (./articles/): the SPA's route heads and blog list
// read only these, so the bodies load with the article page alone.

export const why5amHealthSuccessSummary: BlogArticleSummary = {
  id: 'why-5am-health-success',
  title: 'Why 5 AM? What Rising Early Does for Your Health and Success',
  excerpt:
    'What the research says about early rising, sleep and the quiet first hour, and how to make a 5 AM start last.',
  readTime: 5,
  date: '2026-09-08',
  modified: '2026-09-08',
  category: 'Health & Science',
  author: 'Daybreak Team',
  tags: ['early rising', 'sleep', 'health', 'productivity'],
  stats: [
    {
      label: 'Lower depression risk',
      value: '23%',
      description:
        'Per hour earlier in the midpoint of sleep, in a genetic study of sleep timing and major depression (Daghlas et al., 2021).',
    },
    {
      label: 'Sleep adults need',
      value: '7–9 h',
      description:
        'The nightly range the National Sleep Foundation recommends for adults aged 18 to 64 (Hirshkowitz et al., 2015).',
    },
    {
      label: 'Days to a habit',
      value: '66',
      description:
        'The median number of days of daily repetition before a new behaviour felt automatic; it ranged from 18 to 254 (Lally et al., 2010).',
    },
  ],
};

export const fitnessTrackerComplementSummary: BlogArticleSummary = {
  id: 'fitness-tracker-complement',
  title: 'Your Fitness Tracker Counts Steps. Your Mornings Count Too.',
  excerpt:
    'Wearables measure sleep and movement; a morning habit gives those numbers a purpose. How the two work together.',
  readTime: 4,
  date: '2026-09-22',
  modified: '2026-09-22',
  category: 'Fitness',
  author: 'Daybreak Team',
  tags: ['fitness', 'wearables', 'habits', 'sleep'],
  stats: [
    {
      label: 'More daily activity',
      value: '26.9%',
      description:
        'The average rise in physical activity among pedometer users across 26 studies; a step goal was a key ingredient (Bravata et al., 2007).',
    },
    {
      label: 'Weekly movement',
      value: '150 min',
      description:
        'The WHO minimum of moderate activity a week for adults: about 30 minutes on five mornings (Bull et al., 2020).',
    },
    {
      label: 'Followed a written plan',
      value: '91%',
      description:
        'Students who wrote down when and where they would exercise and then did, against 38% of a control group (Milne et al., 2002).',
    },
  ],
};

export const socialAccountabilityHabitsSummary: BlogArticleSummary = {
  id: 'social-accountability-habits',
  title: 'The Power of Social Accountability: Building Habits That Stick',
  excerpt:
    'Why a habit shared with people you follow lasts longer than one kept alone, and how streaks and a weekly leaderboard help.',
  readTime: 5,
  date: '2026-10-06',
  modified: '2026-10-06',
  category: 'Community',
  author: 'Daybreak Team',
  tags: ['accountability', 'habits', 'community', 'streaks'],
  stats: [
    {
      label: 'Finished with friends',
      value: '95%',
      description:
        'People recruited with friends who completed a weight-loss programme, against 76% of those who joined alone (Wing & Jeffery, 1999).',
    },
    {
      label: 'Longer persistence',
      value: '48–64%',
      description:
        'How much longer people kept at a hard puzzle when they felt they were working on it together with others (Carr & Walton, 2014).',
    },
    {
      label: 'Actions done by habit',
      value: '43%',
      description:
        'The share of everyday behaviours performed almost daily in the same setting, out of habit rather than fresh decision (Wood et al., 2002).',
    },
  ],
};

/** The articles without their bodies, in the order of `blogArticles`. */
export const blogArticleSummaries: readonly BlogArticleSummary[] = [
  why5amHealthSuccessSummary,
  fitnessTrackerComplementSummary,
  socialAccountabilityHabitsSummary,
];

/** The summary of the article with this id, or undefined (the page then shows 'Post not found'). */
export function findBlogArticleSummary(id: string): BlogArticleSummary | undefined {
  return blogArticleSummaries.find((article) => article.id === id);
}
